// The member card's numbers and their shapes, apart from the code's derivation (member-card.ts):
// the contract needs them at start, the HMAC only the card screen and the server.

/** Digits of the card number, a stable number given to each member (not the mobile). */
export const CARD_NUMBER_DIGITS = 10;
/** Digits of the one-time part. */
export const CARD_ONE_TIME_DIGITS = 6;
export const CARD_CODE_DIGITS = CARD_NUMBER_DIGITS + CARD_ONE_TIME_DIGITS;
/** The one-time part changes every this many seconds. */
export const CARD_STEP_SECONDS = 30;
/** A code is accepted during its own step and the next two: at most 90 seconds after it first shows. */
export const CARD_ACCEPTED_STEPS = 3;
/** Bytes of a card secret (RFC 6238 recommends the hash's length for HMAC-SHA256). */
export const CARD_SECRET_BYTES = 32;
/** How many of the member's latest scans the card lists. */
export const CARD_RECENT_SCANS = 5;

/** RFC 6238's T: the number of whole steps since the Unix epoch at `timeMs`. */
export const cardStepAt = (timeMs: number): number => Math.floor(timeMs / 1000 / CARD_STEP_SECONDS);

/** Milliseconds until the step at `timeMs` ends and the one-time part changes. */
export const msUntilNextStep = (timeMs: number): number => (cardStepAt(timeMs) + 1) * CARD_STEP_SECONDS * 1000 - timeMs;

const CODE_PATTERN = new RegExp(`^\\d{${CARD_CODE_DIGITS}}$`);

/** A scanned code split into its card number and one-time part, or null when it is not one. */
export function splitMemberCardCode(code: string): { cardNumber: string; oneTime: string } | null {
  if (!CODE_PATTERN.test(code)) return null;
  return { cardNumber: code.slice(0, CARD_NUMBER_DIGITS), oneTime: code.slice(CARD_NUMBER_DIGITS) };
}

/** The code in groups of four digits, as printed under the barcode for typing in by hand. */
export const groupedCardCode = (code: string): string => code.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A mobile as the till and the card show it: `0912-***-678`. */
export const maskedMobile = (mobile: string): string => `${mobile.slice(0, 4)}-***-${mobile.slice(-3)}`;
