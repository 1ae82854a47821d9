import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptValue, deriveAesKey, encryptValue } from '#protocol';

// Independent reference: the same cipher through node:crypto, compared byte for byte.
function nodeEncrypt(secret: string, plaintext: string): string {
  const h = createHash('sha384').update(secret, 'utf8').digest();
  const cipher = createCipheriv('aes-256-cbc', h.subarray(0, 32), h.subarray(32, 48));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

describe('AES of sensitive values', () => {
  it('derives the key and IV from SHA-384 of the secret', () => {
    const h = createHash('sha384').update('secret', 'utf8').digest();
    const { key, iv } = deriveAesKey('secret');
    expect(Buffer.from(key)).toEqual(h.subarray(0, 32));
    expect(Buffer.from(iv)).toEqual(h.subarray(32, 48));
  });

  it.each([
    ['demo-aes-key', '0912345678'],
    ['金鑰', 'abc123'],
    ['k', ''],
    ['k', 'exactly16bytes!!'],
    ['k', '會員姓名與 emoji 🎉'],
  ])('matches node:crypto AES-256-CBC/PKCS#7 for %s / %s', (secret, plaintext) => {
    expect(encryptValue(secret, plaintext)).toBe(nodeEncrypt(secret, plaintext));
  });

  it('has a fixed known answer', () => {
    // Worked out apart from both, so a change made to the cipher and the reference together shows:
    // k = SHA-384('member-secret'); openssl enc -aes-256-cbc -K k[0..32) -iv k[32..48) | base64
    expect(encryptValue('member-secret', '0912345678')).toBe('vi+m1P4VjvaRjBU/vallGQ==');
    expect(decryptValue('member-secret', 'vi+m1P4VjvaRjBU/vallGQ==')).toBe('0912345678');
  });

  it('round-trips and refuses what is not its ciphertext', () => {
    const c = encryptValue('s', 'password1');
    expect(decryptValue('s', c)).toBe('password1');
    expect(decryptValue('other', c)).toBeNull();
    expect(decryptValue('s', 'not base64!')).toBeNull();
    expect(decryptValue('s', '')).toBeNull();
    expect(decryptValue('s', 'AAAA')).toBeNull();
  });
});
