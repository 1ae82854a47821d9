import * as v from 'valibot';
import { noParameters, plainJsonCall, signedCall } from '../contract';
import { CARD_NUMBER_DIGITS } from '../member-card-values';
import { plainText } from '../schemas';
import { parseTaipeiTimestamp } from '../time';

// Taipei `YYYY/MM/DD HH:mm:ss`, as every time on the wire.
const taipeiTime = v.pipe(
  v.string(),
  v.check((text) => parseTaipeiTimestamp(text) !== null),
);

/**
 * The member card (beyond the spec's calls): the member's name and masked mobile, the card number
 * and card secret from which the device derives the rotating code, and the store scans the card
 * has been through.
 */
export const CARD_CALLS = {
  getMemberCard: signedCall({
    base: 'memberApi',
    path: '/api/member/get_member_card',
    token: 'member',
    request: () => noParameters,
    results: v.object({
      /** Who the card is of, as the till will see it: the card shows them offline too. */
      name: v.string(),
      mobile_masked: v.string(),
      /** Null until the member's mobile is verified: no code is shown before that. */
      member_card: v.nullable(
        v.object({
          card_number: v.pipe(v.string(), v.regex(new RegExp(`^\\d{${CARD_NUMBER_DIGITS}}$`))),
          /** Standard Base64 of the card secret; rotated on password change, reset and sign-out. */
          card_secret: v.string(),
        }),
      ),
      /** The server's clock when it answered, so a device whose clock is off still shows the right code. */
      server_time: taipeiTime,
      /** The latest accepted scans, newest first. */
      recent_scans: v.array(v.object({ terminal_name: v.string(), scanned_at: taipeiTime })),
    }),
  }),
  /**
   * A store's POS checks a scanned code (server to server, `Authorization: Bearer <terminal key>`).
   * Any text is looked up: a code that is not one is CARD_CODE_INVALID, like an unknown one.
   */
  posVerifyMemberCard: plainJsonCall({
    base: 'oauthHost',
    path: '/pos-api/v1/member_card/verify',
    token: 'none',
    request: () => v.object({ code: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64), plainText()) }),
    results: v.object({ member_id: v.string(), name: v.string(), mobile_masked: v.string(), is_verified: v.boolean() }),
  }),
} as const;
