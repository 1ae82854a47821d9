/**
 * Why an operator cannot give something (a store till, a partner's OAuth client) this name, or
 * null when they can: not blank, at most `maxLength` characters once trimmed (its column's
 * width), and no control characters, which would garble the lists and screens that show it.
 */
export function operatorNameProblem(name: string, maxLength: number): string | null {
  const trimmed = name.trim();
  if (!trimmed) return '名稱不可空白';
  if (trimmed.length > maxLength) return `名稱不可超過 ${maxLength} 個字`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return '名稱不可含控制字元';
  return null;
}
