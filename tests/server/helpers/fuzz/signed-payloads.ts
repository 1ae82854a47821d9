import fc from 'fast-check';
import { bytesToBase64 } from '#protocol';
import { nearly, type Params } from './fields';
import { Live, Stamp } from './placeholders';
import type { Payload, SignatureFault } from './requests';
import { awkwardJson, awkwardString, unknownFields } from './values';

// What goes inside a signed call's `sign`, spoiled one layer at a time: a good envelope under a
// bad signature, or garbage under a good one, so each check behind the signature is reached alone.

const timestamp = fc.oneof(
  { weight: 6, arbitrary: fc.constant(new Stamp(0)) },
  { weight: 2, arbitrary: fc.constantFrom(-301, -299, 299, 301, 86_400 * 365 * 100).map((s) => new Stamp(s)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('2025/03/01 10:00:00\u0000', '2025-03-01T02:00:00Z', '9999/99/99 99:99:99', ''),
  },
  { weight: 1, arbitrary: awkwardJson },
);

/** Payloads signed with the right key that are garbage: any JSON, an envelope with wrong types, bytes that are not UTF-8. */
export const garbagePayload = (params: Params): fc.Arbitrary<Payload> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record(
          {
            token: fc.oneof(awkwardJson, fc.constantFrom(new Live('memberToken'), null)),
            request_parameter: fc.oneof(awkwardJson, nearly(params), fc.array(nearly(params), { maxLength: 2 })),
            timestamp,
          },
          { requiredKeys: [] },
        )
        .chain((envelope) => fc.tuple(fc.constant(envelope), unknownFields))
        .map(([envelope, extra]) => ({ json: { ...extra, ...envelope } })),
    },
    { weight: 1, arbitrary: awkwardJson.map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"timestamp": ', '{"timestamp":"\\u0000"}', '').map((text) => ({ text })),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 48 }).map((bytes) => ({ base64: bytesToBase64(bytes) })) },
  );

/** An envelope as the web app would send it, for a signature to spoil. */
export const wellFormedPayload = (params: Params): fc.Arbitrary<Payload> =>
  nearly(params).map((request_parameter) => ({
    json: { token: new Live('memberToken'), request_parameter, timestamp: new Stamp(0) },
  }));

/** A well-signed envelope whose Base64 is not canonical standard Base64. */
export const brokenBase64: fc.Arbitrary<Payload> = fc.oneof(
  fc
    .constantFrom('', '=', 'abc', 'ab==cd', 'YQ', 'YWJj\n', ' YWJj', 'YW Jj', '-_-_', 'YWJj====', '\u0000')
    .map((base64) => ({
      base64,
    })),
  awkwardString.map((base64) => ({ base64 })),
);

export const signatureFault: fc.Arbitrary<SignatureFault> = fc.oneof(
  fc.constantFrom('none', 'empty', 'other key', 'uppercase', 'one digit off', 'two dots'),
  awkwardString,
);
