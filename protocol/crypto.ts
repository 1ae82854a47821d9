import { cbc } from '@noble/ciphers/aes.js';
import { sha384 } from '@noble/hashes/sha2.js';
import { base64ToBytes, bytesToBase64, fromUtf8, utf8 } from './base64';

/** AES-256 key and IV from a secret: SHA-384 of its UTF-8 bytes, split 32 + 16. */
export function deriveAesKey(secret: string): { key: Uint8Array; iv: Uint8Array } {
  const h = sha384(utf8(secret));
  return { key: h.slice(0, 32), iv: h.slice(32, 48) };
}

/** AES-256-CBC with PKCS#7 padding, as standard Base64. */
export function encryptValue(secret: string, plaintext: string): string {
  const { key, iv } = deriveAesKey(secret);
  return bytesToBase64(cbc(key, iv).encrypt(utf8(plaintext)));
}

/** The plaintext of `encryptValue`'s output, or null for anything that is not one. */
export function decryptValue(secret: string, ciphertext: string): string | null {
  const bytes = base64ToBytes(ciphertext);
  if (!bytes || bytes.length === 0 || bytes.length % 16 !== 0) return null;
  const { key, iv } = deriveAesKey(secret);
  try {
    return fromUtf8(cbc(key, iv).decrypt(bytes));
  } catch {
    return null;
  }
}
