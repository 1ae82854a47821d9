import { type Mock, vi } from 'vitest';

/**
 * Replaces `window.location.replace` (jsdom cannot navigate away) and keeps every other
 * member of the real location, which the router reads. `vi.unstubAllGlobals` undoes it.
 */
export function stubLocationReplace(): Mock<(url: string | URL) => void> {
  const real = window.location;
  const replace = vi.fn<(url: string | URL) => void>();
  const standIn = new Proxy(
    {},
    {
      get(_, key) {
        if (key === 'replace') return replace;
        const value = Reflect.get(real, key, real);
        return typeof value === 'function' ? value.bind(real) : value;
      },
      set: (_, key, value) => Reflect.set(real, key, value, real),
    },
  );
  vi.stubGlobal('location', standIn);
  return replace;
}
