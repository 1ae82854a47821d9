import { type Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's argon2id recommendation: 19 MiB, 2 passes, 1 lane.
const ARGON2ID = 2 satisfies Algorithm;
const OPTIONS = { algorithm: ARGON2ID as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends one verification so an unknown account answers as slowly as a known one. */
export async function spendDummyVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-0');
  await verifyPassword(await dummyHash, password);
}
