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

/** The decrypted third-party CRM data: a JSON object of plain text (kept as jsonb, which refuses NUL). */
const thirdPartyCrmData = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      const data: unknown = JSON.parse(dataset.value);
      const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
      if (isObject && findUnstorableText(data) === null) return data as Record<string, unknown>;
    } catch {
      // Not JSON: reported below like any other shape.
    }
    addIssue({ message: M.thirdPartyCrmDataInvalid });
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
