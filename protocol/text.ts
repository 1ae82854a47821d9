// The protocol's rule for strings, in two strengths. No field of the protocol is multi-line, so a
// field with its own schema takes plain text: no C0 control character (NUL, tab, line breaks...)
// and no lone UTF-16 surrogate. Whatever a call carries beyond its schemas (nested data, keys,
// a third party's CRM record) may hold tabs and line breaks, but never the other controls or a
// lone surrogate: a member never types them, PostgreSQL refuses NUL outright, and a lone
// surrogate is not Unicode text. Without the `u` flag the patterns see UTF-16 code units,
// which is what finds lone surrogates.
const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const NOT_PLAIN = new RegExp(`[\\u0000-\\u001f]|${LONE_SURROGATE}`);
const NOT_STORABLE = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]|${LONE_SURROGATE}`);

/**
 * Text as a Chinese keyboard in full-width mode (全形) types it, read in its ASCII form: ０９１２ as
 * 0912, ＠ as @, the ideographic space as a space (Unicode NFKC). For the fields the protocol keeps
 * in ASCII (a mobile, an SMS code, an email, an invite code), where the member sees the right
 * characters whichever width they came in, and a format error would give no reason they could see.
 */
export const halfWidth = (typed: string): string => typed.normalize('NFKC');

/** Whether a string is plain single-line text: no control characters, no lone surrogates. */
export const isPlainText = (text: string): boolean => !NOT_PLAIN.test(text);

/** Whether a string may be kept at all: tabs and line breaks allowed, no other control, no lone surrogate. */
export const isStorableText = (text: string): boolean => !NOT_STORABLE.test(text);

/**
 * The path (`a.b.0`) of the first string in a parsed JSON value, key or value, that may not be
 * kept (`isStorableText`); null when every string may. Walks without recursion: a 16 KiB body
 * can nest thousands of levels deep.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return path;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}
