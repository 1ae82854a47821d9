const UNIQUE_VIOLATION = '23505';

/** Whether a query failed on a unique constraint (the driver's error, or drizzle's wrapper of it). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null); ) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    const cause = (e as { cause?: unknown }).cause;
    if (cause === e) break;
    e = cause;
  }
  return false;
}
