import type { RC } from '#protocol';

/** Any answer but success. */
type RefusalRc = Exclude<RC, 'C01'>;

/**
 * Thrown inside a transaction to roll it back and answer `rc`: what the transaction wrote before
 * the refusal goes with it, so a refusal leaves nothing behind.
 */
export class Refusal<R extends RefusalRc = RefusalRc> extends Error {
  constructor(readonly rc: R) {
    super(rc);
  }
}

/** The work's result, or the Refusal that rolled it back. */
export async function refused<T, R extends RefusalRc = RefusalRc>(work: () => Promise<T>): Promise<T | Refusal<R>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) return error as Refusal<R>;
    throw error;
  }
}
