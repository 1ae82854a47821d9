/**
 * Data the server puts in a page for the app to read at start: a `<script type="application/json">`
 * block, never executed (so the CSP needs no exception), its JSON escaped so that no value can
 * close the block (`</script>`) or start markup.
 */
export function jsonDataScript(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script id="${id}" type="application/json">${json}</script>`;
}

/**
 * Id of the block that carries, in the registration page, what `brief_term` would answer for
 * the register terms: step 1 shows them without a call of its own.
 */
export const REGISTER_TERMS_ELEMENT_ID = 'register-terms';
