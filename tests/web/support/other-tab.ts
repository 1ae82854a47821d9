import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { taipeiTimestamp } from '#protocol/time';
import type { renderApp } from './render-app';

/**
 * Two tabs of one browser share localStorage, where the session is kept. Another tab's change
 * reaches this one only as a `storage` event, which the browser fires in every tab but the one
 * that made it; the test makes the change and fires the event as that browser would.
 */
export async function inAnotherTab(change: () => void, key = 'memberAuth'): Promise<void> {
  const oldValue = localStorage.getItem(key);
  change();
  const newValue = localStorage.getItem(key);
  await act(async () => {
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage }));
  });
}

/**
 * This tab's answer to the event, as far as it goes: it answers after the event (the guards and
 * loaders run again, then the screen starts over), so what it left alone is judged once its
 * router has settled and the screen has had its turn to start over.
 */
export async function settled(router: ReturnType<typeof renderApp>['router']): Promise<void> {
  await waitFor(() => expect(router.state.status).toBe('idle'));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * What signing `token` in does to the storage the tabs share (`startSession` in the other tab),
 * and nothing more: this tab's session storage is its own, and hears nothing of it.
 */
export function signInThere(token: string): void {
  localStorage.setItem(
    'memberAuth',
    JSON.stringify({ token, expireTime: taipeiTimestamp(new Date(Date.now() + YEAR_MS)) }),
  );
  localStorage.setItem('login_type', 'Member');
}
