import { expect, type Page } from '@playwright/test';

/** The first request to `url` is lost on the way, as when the signal drops; later ones go through. */
export async function loseFirstRequest(page: Page, url: string): Promise<void> {
  let lost = false;
  await page.route(url, (route) => {
    if (lost) return route.continue();
    lost = true;
    return route.abort('internetdisconnected');
  });
}

/** The notice that no answer came, read and closed as the member would. */
export async function closeNetworkNotice(page: Page): Promise<void> {
  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText('網路連線不穩定，請確認連線後再試一次');
  await notice.getByRole('button', { name: '關閉' }).click();
}

/**
 * The first request to `url` reaches the server, which acts on it, but its answer is lost on the
 * way back, as when the signal drops mid-call; later ones go through.
 */
export async function loseFirstAnswer(page: Page, url: string): Promise<void> {
  let lost = false;
  await page.route(url, async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    return route.abort('internetdisconnected');
  });
}

/**
 * Every request for the app's scripts whose names match `names` is lost on the way until the
 * returned function is called, as when the signal drops while a screen's code or the signing
 * code is on its way.
 */
export async function loseScripts(page: Page, names: RegExp): Promise<() => void> {
  let losing = true;
  await page.route(scriptsNamed(names), (route) => (losing ? route.abort('internetdisconnected') : route.continue()));
  return () => {
    losing = false;
  };
}

/** The app's built scripts whose file names match `names`, as `page.route` takes a URL test. */
export const scriptsNamed =
  (names: RegExp) =>
  (url: URL): boolean =>
    url.pathname.startsWith('/assets/') && names.test(url.pathname.slice('/assets/'.length));
