import type { Page } from '@playwright/test';

/**
 * The device's share sheet, as a phone browser offers it (`navigator.share`), recording what it
 * was given; answers the way to read those shares back.
 */
export async function recordShares(page: Page): Promise<() => Promise<ShareData[]>> {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { sharedInvites: shared });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        shared.push(data);
      },
    });
  });
  return () => page.evaluate(() => (window as unknown as { sharedInvites: ShareData[] }).sharedInvites);
}
