import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits as Base64url (43 characters): member and temp tokens, OAuth secrets, keys and codes. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** A secret's only stored form. A 256-bit random secret needs no slow hash: it cannot be guessed. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Whether a presented secret hashes to the stored hash, in time that does not depend on where they differ. */
export function matchesHash(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
