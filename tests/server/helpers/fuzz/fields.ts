import fc from 'fast-check';
import { FRIEND_RECOMMEND_COPY_KEY, LINE_SOURCE, LINE_TOKEN_SOURCE, SECURITY_QUESTION } from '#protocol';
import { MEMBER } from '../members';
import { VISITOR } from '../registration';
import { Live, type LiveName, Sealed } from './placeholders';
import { awkwardJson, awkwardString, digits, freeText, nulLaden, printable, unknownFields } from './values';

// Parameters that pass the format rules, so a request gets past the envelope and its schema and
// the handler and the database see odd values; the seeded member and visitor come up often, so
// calls also reach the rows that exist.

/** Decryptable garbage or a well-formed value, AES-encrypted. */
export const sealed = (plain: fc.Arbitrary<string>) =>
  fc
    .oneof({ weight: 5, arbitrary: plain }, { weight: 1, arbitrary: awkwardString }, { weight: 1, arbitrary: nulLaden })
    .map((plaintext) => new Sealed(plaintext));

export const mobile = fc.oneof(fc.constantFrom(MEMBER.mobile, VISITOR.mobile), digits(10));
export const loginPassword = fc.oneof(
  fc.constant(MEMBER.password),
  fc.stringMatching(/^[A-Za-z\d]{6,12}$/),
  fc.constant('19900520'),
);
export const setPassword = fc.oneof(fc.constant(MEMBER.password), fc.stringMatching(/^[a-z]{3}\d{3,6}$/));
export const code = fc.oneof(digits(6), fc.constant('000000'));
export const name = fc.oneof(
  { weight: 1, arbitrary: fc.constant('王\u0000明') },
  { weight: 3, arbitrary: freeText(50).map((n) => n.replace(/[<>/'"&;:{}[\]()*]/g, '') || '王') },
  { weight: 2, arbitrary: fc.constant(VISITOR.name) },
);
const optionalOf = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.constantFrom(null, ''));
export const gender = optionalOf(fc.constantFrom('M', 'F', 'S'));
export const birthday = optionalOf(fc.constantFrom('1990/05/20', '2000/02/29', '1900/01/01'));
export const email = optionalOf(fc.constantFrom('meihua@example.com', 'a.b+c@x.co'));
export const referrerCode = fc.oneof(fc.constant(''), freeText(32), fc.constant(null));
export const id = freeText(64);
export const ids = fc.array(fc.oneof(id, fc.constant(FRIEND_RECOMMEND_COPY_KEY)), { maxLength: 5 });
export const opaque = (live?: LiveName) =>
  live ? fc.oneof(fc.constant(new Live(live)), freeText(256)) : freeText(256);
export const lineBind = fc.record({
  source: fc.constant(LINE_SOURCE),
  verify_data: nearly(
    fc.record({ line_token: fc.oneof(freeText(2048), printable), line_token_source: fc.constant(LINE_TOKEN_SOURCE) }),
  ),
});

/**
 * Third-party CRM data as the URL hash carries it, encrypted: JSON of the CRM's fields (NUL-laden
 * included), JSON of anything, or not JSON at all.
 */
export const crmData = fc
  .oneof(
    fc
      .record({ mobile, name: fc.oneof(name, awkwardString), gender, email, birthday }, { requiredKeys: [] })
      .chain((known) => fc.tuple(fc.constant(known), unknownFields))
      .map(([known, extra]): unknown => ({ ...extra, ...known })),
    fc.constant('{"name":"\\u0000"}'),
    awkwardJson,
    awkwardString,
  )
  .map((plaintext) => new Sealed(plaintext));

export const register = nearly(
  fc.record({
    mobile: sealed(mobile),
    password: sealed(setPassword),
    name,
    gender,
    birthday,
    email,
    security_question: fc.constant(SECURITY_QUESTION),
    security_answer: freeText(50),
    referrer_code: referrerCode,
  }),
);

export type Params = fc.Arbitrary<Record<string, unknown>>;

/** Mostly well formed, sometimes with one field dropped or of a wrong type, sometimes with unknown fields (nested objects too). */
export function nearly(params: Params): Params {
  const broken = params.chain((value) => {
    const keys = Object.keys(value);
    if (keys.length === 0) return fc.constant(value);
    return fc.tuple(fc.constantFrom(...keys), fc.option(awkwardJson, { nil: undefined })).map(([key, replacement]) => {
      const copy: Record<string, unknown> = { ...value };
      if (replacement === undefined) delete copy[key];
      else copy[key] = replacement;
      return copy;
    });
  });
  return fc
    .tuple(
      fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: params }, { weight: 1, arbitrary: broken }),
      unknownFields,
    )
    .map(([value, extra]) => ({ ...extra, ...value }));
}
