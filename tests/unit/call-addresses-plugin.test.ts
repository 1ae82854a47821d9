import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '#protocol/endpoints';
import { callAddresses } from '../../scripts/call-addresses-plugin';

type Hook = (this: unknown, id: string) => unknown;
const hook = (value: unknown) => value as Hook;

/** The module the web app gets for `virtual:call-addresses`, as the plugin writes it. */
function addressModule(): string {
  const plugin = callAddresses();
  const resolved = hook(plugin.resolveId).call(null, 'virtual:call-addresses');
  expect(typeof resolved).toBe('string');
  const code = hook(plugin.load).call(null, resolved as string);
  expect(typeof code).toBe('string');
  return code as string;
}

describe('virtual:call-addresses', () => {
  it('gives every call of the contract its base, path and method, and nothing of its schemas', () => {
    const code = addressModule();
    const prefix = 'export const CALL_ADDRESSES = ';
    expect(code.startsWith(prefix)).toBe(true);
    const table = JSON.parse(code.slice(prefix.length).replace(/;\s*$/, '')) as Record<string, unknown>;
    expect(Object.keys(table).sort()).toEqual(Object.keys(ENDPOINTS).sort());
    for (const [name, { base, path, method }] of Object.entries(ENDPOINTS)) {
      expect(table[name], name).toEqual({ base, path, method });
    }
  });

  it('answers no other module', () => {
    const plugin = callAddresses();
    expect(hook(plugin.resolveId).call(null, 'virtual:something-else')).toBeUndefined();
    expect(hook(plugin.load).call(null, 'src/main.tsx')).toBeUndefined();
  });
});
