import { type Mock, vi } from 'vitest';

/**
 * Replaces one method of `window.location` (jsdom cannot navigate away or reload) and keeps every
 * other member of the real location, which the router reads. `vi.unstubAllGlobals` undoes it.
 */
function stubLocationMethod<F extends (...args: never[]) => void>(name: 'replace' | 'reload'): Mock<F> {
  const real = window.location;
  const stand = vi.fn<F>();
  const standIn = new Proxy(
    {},
    {
      get(_, key) {
        if (key === name) return stand;
        const value = Reflect.get(real, key, real);
        return typeof value === 'function' ? value.bind(real) : value;
      },
      set: (_, key, value) => Reflect.set(real, key, value, real),
    },
  );
  vi.stubGlobal('location', standIn);
  return stand;
}

export const stubLocationReplace = () => stubLocationMethod<(url: string | URL) => void>('replace');

export const stubLocationReload = () => stubLocationMethod<() => void>('reload');
