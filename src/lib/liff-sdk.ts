import liff from '@line/liff/core';
import GetAccessToken from '@line/liff/get-access-token';
import IsApiAvailable from '@line/liff/is-api-available';
import IsInClient from '@line/liff/is-in-client';
import IsLoggedIn from '@line/liff/is-logged-in';
import Login from '@line/liff/login';
import Logout from '@line/liff/logout';
import ShareTargetPicker from '@line/liff/share-target-picker';
import type { LineSdk } from './line-sdk';

// Only the LIFF modules the app calls (pluggable SDK); loaded lazily by ./liff.
export async function initLiff(liffId: string | null, demoAccessToken: string): Promise<LineSdk> {
  // liff-mock needs isInClient installed before it.
  liff.use(new IsInClient());
  liff.use(new IsLoggedIn());
  liff.use(new Login());
  liff.use(new Logout());
  liff.use(new GetAccessToken());
  liff.use(new IsApiAvailable());
  liff.use(new ShareTargetPicker());
  if (liffId) {
    await liff.init({ liffId });
    return liff;
  }
  const { LiffMockPlugin } = await import('./liff-mock');
  // liff-mock types its plugin against the full SDK; the pluggable core accepts it all the same.
  liff.use(new LiffMockPlugin() as unknown as Parameters<typeof liff.use>[0]);
  const mocked = liff as unknown as LiffWithMock;
  await mocked.init({ liffId: 'demo', mock: true });
  // One demo LINE identity per browser, so demo members do not share a LINE account.
  mocked.$mock.set((data) => ({ ...data, getAccessToken: demoAccessToken }));
  return liff;
}

interface LiffWithMock {
  init(config: { liffId: string; mock: boolean }): Promise<void>;
  $mock: { set(update: (data: Record<string, unknown>) => Record<string, unknown>): void };
}
