import * as v from 'valibot';
import { noParameters, noResults, type Seal, signedCall } from '../contract';
import { VALIDATION_MESSAGES as M } from '../messages';
import {
  birthdaySchema,
  genderSchema,
  inviteCodeSchema,
  lineBindDataSchema,
  mobileSchema,
  NAME_MAX,
  nameSchema,
  optionalEmailSchema,
  optionalField,
  plainText,
  setPasswordSchema,
  verifyCodeSchema,
} from '../schemas';
import { findUnstorableText } from '../text';
import { SECURITY_QUESTION } from '../values';
import { memberTokenResults, tempTokenResults } from './auth';

const referrerCode = v.pipe(
  v.nullish(inviteCodeSchema),
  v.transform((code) => code || null),
);

const credentials = (seal: Seal) => ({
  mobile: seal(mobileSchema),
  password: seal(setPasswordSchema()),
});

/** The spec's registration payload (section 3); step 2 may be skipped, so its fields come empty or null. */
const registration = (seal: Seal) =>
  v.object({
    ...credentials(seal),
    name: nameSchema,
    gender: optionalField(genderSchema, M.genderRequired),
    birthday: optionalField(birthdaySchema, M.birthdayFormat),
    email: optionalEmailSchema,
    security_question: v.literal(SECURITY_QUESTION),
    security_answer: v.pipe(
      v.string(),
      plainText(),
      v.trim(),
      v.nonEmpty(M.nameRequired),
      v.maxLength(NAME_MAX, M.nameTooLong),
    ),
    referrer_code: referrerCode,
  });

/** LINE bind data sent along with a registration made inside LINE. */
const bindThirdParty = v.nullish(lineBindDataSchema);

/**
 * How deep and how wide the CRM data may be. A CRM record is a few flat fields; without a cap a
 * 16 KiB body nests thousands of levels deep, and storing that as jsonb overflows the stack.
 */
export const THIRD_PARTY_CRM_DATA_LIMITS = { depth: 32, entries: 1_000 } as const;

/**
 * Whether a parsed JSON value keeps within the limits: no more than `depth` objects and lists one
 * inside another, no more than `entries` keys and list items in all. Walks without recursion.
 */
export function withinCrmDataLimits(value: unknown): boolean {
  const limits = THIRD_PARTY_CRM_DATA_LIMITS;
  const pending: [unknown, number][] = [[value, 1]];
  let entries = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limits.depth) return false;
    const children = Object.values(item);
    entries += children.length;
    if (entries > limits.entries) return false;
    for (const child of children) pending.push([child, depth + 1]);
  }
  return true;
}

const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: refused like any other shape.
    return undefined;
  }
};

const isJsonObject = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null && !Array.isArray(data);

/** The decrypted third-party CRM data: a JSON object of plain text (kept as jsonb, which refuses NUL). */
const thirdPartyCrmData = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const data = parsedJson(dataset.value);
    if (!isJsonObject(data)) addIssue({ message: M.thirdPartyCrmDataInvalid });
    else if (!withinCrmDataLimits(data)) addIssue({ message: M.thirdPartyCrmDataTooComplex });
    else if (findUnstorableText(data) !== null) addIssue({ message: M.thirdPartyCrmDataInvalid });
    else return data;
    return NEVER;
  }),
);

/** What a third-party CRM knows of the member (decrypted `third_party_crm_data`); every field optional. */
export interface ThirdPartyCrmData {
  mobile?: string;
  name?: string;
  gender?: 'M' | 'F' | 'S';
  email?: string;
  /** `YYYY/MM/DD`; a birthday from the CRM cannot be changed during registration. */
  birthday?: string;
}

/** The three registration steps: check, register (temp token), verify or skip (member token). */
export const REGISTER_CALLS = {
  registerCheck: signedCall({
    base: 'appApi',
    path: '/member/register_check',
    token: 'none',
    // Step 2 adds the invite code, whitespace removed.
    request: (seal) => v.object({ ...credentials(seal), referrer_code: referrerCode }),
    results: noResults,
  }),
  register: signedCall({
    base: 'appApi',
    path: '/member/register',
    token: 'none',
    request: (seal) => v.object({ register: registration(seal), bind_third_party: bindThirdParty }),
    results: tempTokenResults,
  }),
  registerWithThirdPartyCrmData: signedCall({
    base: 'appApi',
    path: '/member/register_with_third_party_crm_data',
    token: 'none',
    // The CRM data is passed on as it came in the URL hash, encrypted with the configured secret.
    request: (seal) =>
      v.object({
        register: registration(seal),
        third_party_crm_data: seal(thirdPartyCrmData),
        bind_third_party: bindThirdParty,
      }),
    results: tempTokenResults,
  }),
  registerVerify: signedCall({
    base: 'appApi',
    path: '/member/register_verify',
    token: 'temp',
    request: () => v.object({ verify_code: verifyCodeSchema }),
    results: memberTokenResults,
  }),
  registerSkipVerify: signedCall({
    base: 'appApi',
    path: '/member/register_skip_verify',
    token: 'temp',
    request: () => noParameters,
    results: memberTokenResults,
  }),
  resendRegisterVerify: signedCall({
    base: 'appApi',
    path: '/member/resend_register_verify',
    token: 'temp',
    request: () => noParameters,
    results: noResults,
  }),
  updateRegisterMobile: signedCall({
    base: 'appApi',
    path: '/member/update_register_mobile',
    token: 'temp',
    request: (seal) => v.object({ mobile: seal(mobileSchema) }),
    results: noResults,
  }),
} as const;
