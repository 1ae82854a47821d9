import fc from 'fast-check';
import { encryptValue, taipeiTimestamp } from '#protocol';
import { TEST_AES_KEY } from '../app';

// A generated request is plain data; secrets, live tokens and timestamps are placeholders filled
// in when it is sent, so a counterexample prints what was meant (`enc("0911222333")`, `<memberToken>`).

/** What the seeded world knows: live tokens, the OAuth client, a store till and the member's code, by name. */
export type LiveName =
  | 'memberToken'
  | 'registerToken'
  | 'forgotToken'
  | 'clientId'
  | 'clientSecret'
  | 'randomKey'
  | 'tillKey'
  | 'cardCode';
export type World = Record<LiveName, string>;

export const LIVE_TOKENS = ['memberToken', 'registerToken', 'forgotToken'] as const;

/** A live value of the seeded world. */
export class Live {
  constructor(readonly name: LiveName) {}
  [fc.toStringMethod]() {
    return `<${this.name}>`;
  }
}

/** A value AES-encrypted when sent: with the configured secret, or with `key` (an aes_key cookie). */
export class Sealed {
  constructor(
    readonly plaintext: unknown,
    readonly key: string = TEST_AES_KEY,
  ) {}
  [fc.toStringMethod]() {
    const key = this.key === TEST_AES_KEY ? '' : `, key ${fc.stringify(this.key)}`;
    return `enc(${fc.stringify(this.plaintext)}${key})`;
  }
}

/** The envelope timestamp: the server's time moved by `offsetSeconds`. */
export class Stamp {
  constructor(readonly offsetSeconds: number) {}
  [fc.toStringMethod]() {
    return `<now${this.offsetSeconds ? `${this.offsetSeconds > 0 ? '+' : ''}${this.offsetSeconds}s` : ''}>`;
  }
}

/** A value `depth` levels deep, built when sent: printed whole, a counterexample would overflow the stack. */
export class Nested {
  constructor(
    readonly depth: number,
    readonly asArrays: boolean,
    readonly inner: unknown,
  ) {}
  [fc.toStringMethod]() {
    const [open, close] = this.asArrays ? ['[', ']'] : ['{"a":', '}'];
    return `${open.repeat(2)}…${this.depth}…${fc.stringify(this.inner)}${close.repeat(2)}…`;
  }
}

/** Placeholders filled in: live values, encryptions and timestamps, however deep. */
export function fill(value: unknown, world: World, now: Date): unknown {
  if (value instanceof Live) return world[value.name];
  if (value instanceof Nested) {
    let nested = fill(value.inner, world, now);
    for (let i = 0; i < value.depth; i++) nested = value.asArrays ? [nested] : { a: nested };
    return nested;
  }
  if (value instanceof Stamp) return taipeiTimestamp(new Date(now.getTime() + value.offsetSeconds * 1000));
  if (value instanceof Sealed) {
    const plaintext = fill(value.plaintext, world, now);
    return encryptValue(value.key, typeof plaintext === 'string' ? plaintext : JSON.stringify(plaintext));
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, world, now));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, world, now)]));
  }
  return value;
}
