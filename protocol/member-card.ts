import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { CARD_ONE_TIME_DIGITS, cardStepAt } from './member-card-values';

// The member card's code: the member's stable card number, then a one-time part derived on the
// member's device (TOTP, RFC 6238, HMAC-SHA256) from a per-member card secret. Both halves compute
// it here: the web app to show it, also without a network, the server to check a scanned one.

export * from './member-card-values';

/**
 * The HOTP value (RFC 4226 section 5.3, with HMAC-SHA256 as RFC 6238 allows) of `secret` at
 * counter `step`, as `digits` decimal digits.
 */
export function oneTimePassword(secret: Uint8Array, step: number, digits = CARD_ONE_TIME_DIGITS): string {
  const counter = new Uint8Array(8);
  const view = new DataView(counter.buffer);
  // Steps stay far below 2^53, so the high half is the quotient by 2^32.
  view.setUint32(0, Math.floor(step / 2 ** 32));
  view.setUint32(4, step >>> 0);
  const mac = hmac(sha256, secret, counter);
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary =
    (((mac[offset] as number) & 0x7f) << 24) |
    ((mac[offset + 1] as number) << 16) |
    ((mac[offset + 2] as number) << 8) |
    (mac[offset + 3] as number);
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code the card shows at `timeMs`: the card number, then the one-time part of that step. */
export const memberCardCode = (cardNumber: string, secret: Uint8Array, timeMs: number): string =>
  cardNumber + oneTimePassword(secret, cardStepAt(timeMs));
