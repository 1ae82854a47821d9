import type { Plugin } from 'vite';
import { ENDPOINTS } from '#protocol/endpoints';

const ID = 'virtual:call-addresses';
const RESOLVED = `\0${ID}`;

/**
 * Where each call of the contract goes (base, path, method), as a plain table the web app imports
 * as `virtual:call-addresses`. Read from `ENDPOINTS` at build time, so the contract stays the one
 * place a path is written, while the browser gets the addresses without the contract's schemas:
 * every call's request and results schema would otherwise load with the first screen.
 */
export function callAddresses(): Plugin {
  return {
    name: 'member-call-addresses',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) =>
      id === RESOLVED ? `export const CALL_ADDRESSES = ${JSON.stringify(callAddressTable())};` : undefined,
  };
}

/** Each call's base, path and method, by name: the whole of `virtual:call-addresses`. */
export function callAddressTable() {
  return Object.fromEntries(
    Object.entries(ENDPOINTS).map(([name, { base, path, method }]) => [name, { base, path, method }]),
  );
}
