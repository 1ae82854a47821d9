import * as v from 'valibot';
import { CARD_NUMBER_DIGITS } from '#protocol/member-card-values';
import { memberProfileSchema } from '#protocol/member-profile';
import { lineBindDataSchema } from '#protocol/schemas';

/** The only door to localStorage and sessionStorage: every key the spec names, typed. */
export interface StoredItem<T> {
  get(): T | null;
  set(value: T): void;
  remove(): void;
}

type Area = 'localStorage' | 'sessionStorage';

// Storage can be missing or throw (private modes, blocked cookies); that counts as empty.
function area(name: Area): Storage | null {
  try {
    return window[name];
  } catch {
    return null;
  }
}

function rawItem(name: Area, key: string): StoredItem<string> {
  return {
    get: () => {
      try {
        return area(name)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set: (value) => {
      try {
        area(name)?.setItem(key, value);
      } catch {
        // A full or blocked storage leaves the value unsaved; the app keeps working.
      }
    },
    remove: () => {
      try {
        area(name)?.removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
  };
}

function textItem<T extends string>(name: Area, key: string, schema: v.GenericSchema<string, T>): StoredItem<T> {
  const raw = rawItem(name, key);
  return {
    get: () => {
      const result = v.safeParse(schema, raw.get());
      return result.success ? result.output : null;
    },
    set: (value) => raw.set(value),
    remove: raw.remove,
  };
}

function jsonItem<T>(name: Area, key: string, schema: v.GenericSchema<unknown, T>): StoredItem<T> {
  const raw = rawItem(name, key);
  return {
    get: () => {
      const text = raw.get();
      if (text === null) return null;
      try {
        const result = v.safeParse(schema, JSON.parse(text));
        return result.success ? result.output : null;
      } catch {
        return null;
      }
    },
    set: (value) => raw.set(JSON.stringify(value)),
    remove: raw.remove,
  };
}

const text = v.pipe(v.string(), v.nonEmpty());

export const memberAuthSchema = v.object({ token: text, expireTime: text });
export type MemberAuth = v.InferOutput<typeof memberAuthSchema>;

const MEMBER_AUTH_KEY = 'memberAuth';

/**
 * The session's token before and after a change another tab made to the kept session, read from
 * the `storage` event the browser fires in every other tab; null for an event about anything else.
 * (Only localStorage has this key: a sessionStorage event never matches.)
 */
export function sessionChangeIn({ key, oldValue, newValue }: StorageEvent): {
  before: string | null;
  after: string | null;
} | null {
  const tokenIn = (stored: string | null): string | null => {
    try {
      const token: unknown = JSON.parse(stored ?? 'null')?.token;
      return typeof token === 'string' ? token : null;
    } catch {
      return null;
    }
  };
  return key === MEMBER_AUTH_KEY ? { before: tokenIn(oldValue), after: tokenIn(newValue) } : null;
}

/** A page of this app to come back to after signing in (an interrupted OAuth hop), until `until` (epoch ms). */
export const returnPathSchema = v.object({ path: text, until: v.number() });

/**
 * Profile edits a save could not make because the server had ended the session, for the member
 * whose mobile this is: given back on the profile once they have signed in again.
 */
export const unsavedProfileEditsSchema = v.object({
  mobile: text,
  edited: v.object({
    ...v.pick(memberProfileSchema, ['name', 'gender', 'email']).entries,
    birthday: v.optional(v.string()),
  }),
});

export const LOGIN_TYPES = ['Member', 'Line'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

export const lineVerifyDataSchema = v.object({
  bind_third_party: lineBindDataSchema,
  // Not of the spec: when the bind data was kept (epoch ms), so that it expires (src/lib/line-bind.ts).
  // Data an earlier release kept has none, and is still read.
  kept_at: v.optional(v.number()),
});

/** A form kept as entered for this tab, under the key the spec names; its shape is the feature's schema. */
// A draft is read by its feature's schema; anyone may remove it, whatever its shape.
const draftItem = (key: string) =>
  Object.assign(<T>(schema: v.GenericSchema<unknown, T>): StoredItem<T> => jsonItem('sessionStorage', key, schema), {
    remove: rawItem('sessionStorage', key).remove,
  });

/** What an SMS code is for; each has its own resend countdown. */
export const CODE_PURPOSES = ['register', 'forgot_password', 'verify_mobile', 'change_mobile'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/**
 * The member card as last fetched, with how far this device's clock is from the server's, so the
 * card keeps showing codes the till accepts while the phone has no network. Removed on sign-out.
 */
export const keptMemberCardSchema = v.object({
  name: v.string(),
  mobile_masked: v.string(),
  card_number: v.pipe(v.string(), v.digits(), v.length(CARD_NUMBER_DIGITS)),
  card_secret: text,
  /** The server's clock minus this device's, in milliseconds. */
  clock_offset_ms: v.number(),
  recent_scans: v.array(v.object({ terminal_name: v.string(), scanned_at: v.string() })),
});
export type KeptMemberCard = v.InferOutput<typeof keptMemberCardSchema>;

/** A new mobile waiting for its code, and the mobile it replaces when this tab knew it. */
export interface MobileChange {
  to: string;
  from: string | null;
}

/**
 * The new mobile being verified, under the spec's key, with the mobile it replaces beside it (not
 * a key of the spec), so that after a sign-in on this tab only the member whose change it is is
 * shown it. Both go together.
 */
function mobileChangeItem(): StoredItem<MobileChange> {
  const to = textItem('sessionStorage', 'member_change_mobile', text);
  const from = textItem('sessionStorage', 'member_change_mobile_from', text);
  return {
    get: () => {
      const mobile = to.get();
      return mobile ? { to: mobile, from: from.get() } : null;
    },
    set: (change) => {
      to.set(change.to);
      if (change.from) from.set(change.from);
      else from.remove();
    },
    remove: () => {
      to.remove();
      from.remove();
    },
  };
}

/** The encrypted third-party CRM data that came in the registration link's hash. */
export const thirdPartyCrmDataSchema = v.object({ third_party_crm_data: text });

export const storage = {
  memberAuth: jsonItem('localStorage', MEMBER_AUTH_KEY, memberAuthSchema),
  rurl: textItem('localStorage', 'rurl', text),
  loginType: textItem('localStorage', 'login_type', v.picklist(LOGIN_TYPES)),
  memberAccessToken: textItem('sessionStorage', 'member_access_token', text),
  lineAccessToken: textItem('sessionStorage', 'line_access_token', text),
  lineVerifyData: jsonItem('sessionStorage', 'line_verify_data', lineVerifyDataSchema),
  register1: draftItem('register1'),
  register2: draftItem('register2'),
  check3rdCrmData: jsonItem('sessionStorage', 'check3rdCrmData', thirdPartyCrmDataSchema),
  // The member's profile as get_member_profile last answered it.
  memberAccessInfo: jsonItem('sessionStorage', 'member_access_info', memberProfileSchema),
  // Not a key of the spec: the profile's edits that met an ended session, kept for this tab only.
  unsavedProfileEdits: jsonItem('sessionStorage', 'profile_draft', unsavedProfileEditsSchema),
  forgotPasswordToken: textItem('sessionStorage', 'TEMP_ACCESS_TOKEN', text),
  // Not a key of the spec: a recovery finished in this tab, so its screens reached again with Back say so.
  passwordResetDone: textItem('sessionStorage', 'password_reset_done', v.literal('1')),
  memberChangeMobile: mobileChangeItem(),
  tempAccessToken: textItem('sessionStorage', 'temp_access_token', text),
  // Not a key of the spec: the way back to /authorize, kept for this tab only.
  returnPath: jsonItem('sessionStorage', 'return_path', returnPathSchema),
  // The spec's "temporary mobile for the LINE bind flow", kept for this tab so a reload in LINE keeps it.
  lineBindMobile: textItem('sessionStorage', 'line_bind_mobile', text),
  // Not a key of the spec: the changes whose last try got no answer (src/api/retry-safe-call.ts),
  // so that a reload or coming back to the screen still reads the next answer for a change made.
  answersLost: jsonItem('sessionStorage', 'answers_lost', v.array(text)),
  // Not keys of the spec: when a code was last sent (epoch ms), so a reload keeps the resend countdown.
  codeSentAt: (purpose: CodePurpose) => jsonItem('sessionStorage', `code_sent_at_${purpose}`, v.number()),
  // Not a key of the spec: how far the server's clock is ahead of this phone's (ms), learned from
  // a refused stamp, so that this tab's signed calls carry the server's time (src/api/client.ts).
  serverClockAhead: jsonItem('sessionStorage', 'server_clock_ahead_ms', v.number()),
  // Not a key of the spec: the member card, kept in this browser so it works offline at the till.
  memberCard: jsonItem('localStorage', 'member_card', keptMemberCardSchema),
} as const;

const deviceUuidItem = textItem('localStorage', 'device-uuid', text);
let unsavedDeviceUuid: string | null = null;

function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain-HTTP previews still get a v4 UUID.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((n) => n.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This browser's id for the `device-uuid` header, made once and kept. */
export function deviceUuid(): string {
  const stored = deviceUuidItem.get() ?? unsavedDeviceUuid;
  if (stored) return stored;
  const made = newUuid();
  deviceUuidItem.set(made);
  if (deviceUuidItem.get() !== made) unsavedDeviceUuid = made;
  return made;
}
