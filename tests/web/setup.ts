import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, type MockInstance, vi } from 'vitest';
import { protocolProblems } from './support/api';
import { removeRuntimeConfig } from './support/config';
import { server } from './support/server';

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  // jsdom does not scroll; the router restores scroll positions on navigation.
  window.scrollTo = () => {};
});
afterAll(() => server.close());

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  delete window.dataLayer;
  removeRuntimeConfig();
  window.history.replaceState(null, '', '/');
  const errors = consoleError.mock.calls.map((args) => args.map(String).join(' '));
  consoleError.mockRestore();
  const problems = protocolProblems.splice(0);
  if (problems.length) throw new Error(`The fake member API saw wire mistakes:\n${problems.join('\n')}`);
  if (errors.length) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
