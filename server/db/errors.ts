const UNIQUE_VIOLATION = '23505';

/** PostgreSQL's SQLSTATE of a failed query: on the driver's error, or on the cause drizzle wraps it in. */
export function sqlState(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null); ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const cause = (e as { cause?: unknown }).cause;
    if (cause === e) break;
    e = cause;
  }
  return null;
}

/** Whether a query failed on a unique constraint (the driver's error, or drizzle's wrapper of it). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === UNIQUE_VIOLATION;
}
