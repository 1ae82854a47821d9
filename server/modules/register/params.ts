import * as v from 'valibot';
import {
  birthdaySchema,
  emailSchema,
  findUnstorableText,
  genderSchema,
  inviteCodeSchema,
  lineBindDataSchema,
  VALIDATION_MESSAGES as M,
  mobileSchema,
  NAME_MAX,
  nameSchema,
  plainText,
  SECURITY_QUESTION,
  setPasswordSchema,
  verifyCodeSchema,
} from '#protocol';
import { encrypted } from '../../plugins/envelope';

// Step 2 may be skipped, so its fields come empty or null; both mean "not given".
const notGiven = v.pipe(
  v.nullish(v.literal('')),
  v.transform(() => null),
);
const optional = <S extends v.GenericSchema<unknown, string>>(schema: S, message: string) =>
  v.union([notGiven, schema], message);

const referrerCode = v.pipe(
  v.nullish(inviteCodeSchema),
  v.transform((code) => code || null),
);

/** The request_parameter schemas of the registration calls; encrypted fields use the configured AES secret. */
export function registerParams(aesKey: string) {
  const credentials = {
    mobile: encrypted(aesKey, mobileSchema),
    password: encrypted(aesKey, setPasswordSchema()),
  };
  const register = v.object({
    ...credentials,
    name: nameSchema,
    gender: optional(genderSchema, M.genderRequired),
    birthday: optional(birthdaySchema, M.birthdayFormat),
    email: v.pipe(
      emailSchema,
      v.transform((email) => email || null),
    ),
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
  const bindThirdParty = v.nullish(lineBindDataSchema);
  const crmData = v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        const data: unknown = JSON.parse(dataset.value);
        const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
        // Kept as jsonb, which refuses NUL: the decrypted data obeys the same plain-text rule as every field.
        if (isObject && findUnstorableText(data) === null) return data as Record<string, unknown>;
      } catch {
        // Not JSON: reported below like any other shape.
      }
      addIssue({ message: M.thirdPartyCrmDataInvalid });
      return NEVER;
    }),
  );
  return {
    check: v.object({ ...credentials, referrer_code: referrerCode }),
    register: v.object({ register, bind_third_party: bindThirdParty }),
    registerWithCrmData: v.object({
      register,
      third_party_crm_data: encrypted(aesKey, crmData),
      bind_third_party: bindThirdParty,
    }),
    verify: v.object({ verify_code: verifyCodeSchema }),
    mobile: v.object({ mobile: encrypted(aesKey, mobileSchema) }),
    none: v.optional(v.looseObject({})),
  };
}

export type RegisterInput = v.InferOutput<ReturnType<typeof registerParams>['register']>['register'];
