import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 S256: the challenge is Base64url(SHA-256(verifier)). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const derived = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}
