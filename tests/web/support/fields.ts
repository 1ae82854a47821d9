/**
 * The messages a field is marked with: the error list its description names, if any. A standing
 * hint the description also names (a birthday's, a new password's rule) is not a message.
 */
export function errorsOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const errors = ids.find((id) => id.endsWith('-errors'));
  return errors ? (document.getElementById(errors)?.textContent ?? '') : '';
}
