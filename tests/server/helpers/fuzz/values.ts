import fc from 'fast-check';
import { Nested } from './placeholders';

// Values weighted towards the awkward (NUL, lone surrogates, huge, wrong types), so that
// whatever a field accepts, handlers and the database see the odd cases of it too.

// ---- Strings -------------------------------------------------------------------------

const char = (code: number) => String.fromCharCode(code);

/** One character the protocol allows, often an odd one. */
const oddChar = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }).filter((c) => c >= ' ') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '王',
      '明',
      '\u007f',
      '\u0085',
      '\u2028',
      '\ufeff',
      '\ufffd',
      '\uffff',
      '😀',
      '\\',
      '%',
      "'",
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c >= ' ') },
);

/** One character, often one the protocol refuses (C0 controls, NUL above all, lone surrogates). */
const awkwardChar = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x1f }).map(char) },
  { weight: 2, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map(char) },
  { weight: 9, arbitrary: oddChar },
);

/** Lengths just over the server's bounds (ids 64, names 50, keys 256, LINE tokens 2048...) and beyond the body limit. */
const HUGE_LENGTHS = [33, 51, 65, 255, 257, 513, 1025, 2049, 5_000, 20_000];

/** Any string: empty, short and awkward, or huge. */
export const awkwardString: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 8, arbitrary: fc.string({ unit: awkwardChar, minLength: 1, maxLength: 24 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: awkwardChar, minLength: 1, maxLength: 2 }), fc.constantFrom(...HUGE_LENGTHS))
      .map(([unit, length]) => unit.repeat(length).slice(0, length)),
  },
);

/** A non-empty string with at least one character the protocol refuses, for fields with no format rule. */
export const nulLaden = fc
  .tuple(fc.string({ unit: awkwardChar, maxLength: 6 }), fc.constantFrom('\u0000', '\ud800', '\udfff', '\u001f'))
  .chain(([text, bad]) => fc.nat(text.length).map((at) => `${text.slice(0, at)}${bad}${text.slice(at)}`));

/** Free text up to `max` characters that passes a "string, non-empty, at most max" rule but is odd. */
export const freeText = (max: number) =>
  fc.oneof(
    { weight: 1, arbitrary: nulLaden },
    { weight: 3, arbitrary: fc.string({ unit: oddChar, minLength: 1, maxLength: Math.min(max, 24) }) },
    { weight: 1, arbitrary: fc.string({ unit: oddChar, minLength: max, maxLength: max }) },
  );

/** What can travel in an HTTP header value (a real HTTP parser refuses other control characters). */
export const headerSafeString = fc.string({
  unit: fc.oneof(
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }).filter((c) => c >= ' ' && c !== '\u007f'),
    fc.constantFrom('\t', '\u0080', '\u00ff', ';', ',', '=', '"'),
  ),
  maxLength: 64,
});

export const printable = fc
  .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 })
  .filter((s) => /^[ -~]+$/.test(s));
export const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });

// ---- JSON values ---------------------------------------------------------------------

const awkwardKey = fc.oneof(
  { weight: 4, arbitrary: awkwardString.filter((key) => key.length < 100) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'token', 'sign') },
);

const awkwardNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e308, -1e308, 2 ** 53 + 1, 5e-324, 123456789012),
);

const leaf = fc.oneof(fc.constant(null), fc.boolean(), awkwardNumber, awkwardString);

/** A JSON value thousands of levels deep, as arrays or as objects. */
const deeplyNested = fc
  .tuple(fc.integer({ min: 50, max: 4_000 }), fc.boolean(), leaf)
  .map(([depth, asArrays, inner]) => new Nested(depth, asArrays, inner));

/** Any JSON value: every type, awkward keys and strings, nesting shallow or very deep. */
export const awkwardJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: leaf },
  {
    weight: 6,
    arbitrary: fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(awkwardKey, tie('value'), { maxKeys: 4, noNullPrototype: true }),
      ),
    })).value,
  },
  { weight: 1, arbitrary: deeplyNested },
);

/** Now and then a few fields no schema names. */
export const unknownFields = fc.oneof(
  { withCrossShrink: true },
  { weight: 5, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.dictionary(awkwardKey, awkwardJson, { minKeys: 1, maxKeys: 3, noNullPrototype: true }) },
);
