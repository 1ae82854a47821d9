// A value from the file is shown back to the operator in a terminal, where control characters
// (ESC, BEL, C1) are commands: a cell could clear the screen or retitle the window. They are
// shown as \u001b instead, as are the marks that reorder text on screen, and a long value is cut.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const SHOWN_MAX = 40;

const code = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text safe to print whole, such as a file name the operator typed: its controls escaped. */
export const escaped = (text: string) => text.replace(UNSAFE, code);

/** A value from the file as it may safely be quoted in a message: escaped, and cut after `max` characters. */
export function quoted(value: string, max = SHOWN_MAX): string {
  const characters = [...value];
  return escaped(characters.length > max ? `${characters.slice(0, max).join('')}…` : value);
}
