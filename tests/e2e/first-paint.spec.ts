import { expect, type Locator, type Page, test } from '@playwright/test';
import { LARGE_TEXT_PX, setTextSize, USUAL_TEXT_PX } from './a11y';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';

let server: MemberServer;

test.beforeAll(async () => {
  server = await startMemberServer(freshDataDir());
});
test.afterAll(async () => {
  await server?.stop();
});

test.describe('without JavaScript (the first paint, before any script has run)', () => {
  test.use({ javaScriptEnabled: false });

  test('/login shows the logo, the app’s name and the outline of the form', async ({ page }, info) => {
    await page.goto(`${server.url}/login`);
    const logo = page.getByRole('img', { name: '會員中心' });
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByText('會員中心', { exact: true })).toBeVisible();
    const outline = page.locator('[aria-hidden="true"].flex.flex-col.gap-4');
    await expect(outline).toBeVisible();
    expect((await outline.boundingBox())?.height ?? 0).toBeGreaterThan(150);
    await page.screenshot({ path: info.outputPath('login-before-scripts-360x640.png') });
  });
});

const TEXT_SIZES = [
  { px: USUAL_TEXT_PX, as: 'at the browser’s usual text size' },
  { px: LARGE_TEXT_PX, as: 'with the text doubled in the browser’s settings' },
];

for (const { px, as } of TEXT_SIZES) {
  test(`/login: the screen takes over the first paint without moving it (CLS ≤ 0.02), ${as}`, async ({ page }) => {
    await setTextSize(page, px);
    await expectStillFirstPaint(page);
  });

  test(`/login: the form's fields and button stand where the outline drew them, ${as}`, async ({ page }) => {
    await setTextSize(page, px);
    // The page with no script: the outline alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${server.url}/login`);
    const outline = page.locator('[aria-hidden="true"].flex.flex-col.gap-4 .min-h-12');
    await expect(outline).toHaveCount(3);
    const drawn = await Promise.all((await outline.all()).map(laidOut));
    // The same page with its scripts: the form.
    await page.unroute('**/assets/*.js');
    await page.reload();
    const account = page.getByLabel('帳號');
    await expect(account).toBeVisible();
    const placed = await Promise.all(
      [account, page.getByLabel('密碼', { exact: true }), page.getByRole('button', { name: '登入', exact: true })].map(
        laidOut,
      ),
    );
    for (const [index, box] of placed.entries()) {
      const outlined = drawn[index];
      expect(Math.abs(box.y - (outlined?.y ?? Number.NaN)), `control ${index + 1}'s top`).toBeLessThanOrEqual(2);
      expect(
        Math.abs(box.height - (outlined?.height ?? Number.NaN)),
        `control ${index + 1}'s height`,
      ).toBeLessThanOrEqual(2);
    }
  });
}

async function laidOut(locator: Locator): Promise<{ y: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not laid out`);
  return box;
}

async function expectStillFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { layoutShift: typeof shifts }).layoutShift = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${server.url}/login`);
  await expect(page.getByLabel('帳號')).toBeVisible();
  await expect(page.getByRole('heading', { name: '會員登入' })).toBeVisible();
  // Everything that could still move the screen has come: the page's requests (the LINE card's
  // icon, any chunk a screen loads late) and its fonts, then two frames for the last layout.
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const cls = await page.evaluate(() => (window as unknown as { layoutShift: { total: number } }).layoutShift.total);
  expect(cls).toBeLessThanOrEqual(0.02);
}

test('/login: the screen shows the shell’s own logo file, fetched once', async ({ page }) => {
  const logoRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') logoRequests.push(new URL(request.url()).pathname);
  });
  await page.goto(`${server.url}/login`);
  await expect(page.getByRole('heading', { name: '會員登入' })).toBeVisible();
  const logo = page.getByRole('img', { name: '會員中心' });
  // A data: address would be a second copy of the logo inside the JavaScript, and a new image to
  // decode and paint where the shell's already stood.
  expect(await logo.getAttribute('src')).toMatch(/^\/assets\/logo-[\w-]+\.svg$/);
  expect(logoRequests.filter((path) => path.startsWith('/assets/logo-'))).toHaveLength(1);
});

test('/registerFirst: the terms come with the page, listed on arrival without a call of their own', async ({
  page,
}, info) => {
  const termCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/term/brief_term')) termCalls.push(request.url());
  });
  await page.goto(`${server.url}/registerFirst`);
  const terms = page.getByRole('checkbox', { name: /^我已閱讀並同意「/ });
  await expect(terms).toHaveCount(3);
  await expect(page.getByRole('group', { name: '會員條款' })).not.toHaveAttribute('aria-busy', 'true');
  // A term's content came too: its modal opens with it.
  await terms.first().click();
  await expect(page.getByRole('dialog').getByRole('region')).toContainText('會員資格');
  await page.getByRole('dialog').getByRole('button', { name: '我已閱讀並同意條款' }).click();
  await expect(terms.first()).toBeChecked();
  await page.screenshot({ path: info.outputPath('register-terms-with-the-page-360x640.png') });
  expect(termCalls).toEqual([]);
  // The block is the app's to read once, not left in the page.
  expect(await page.locator('#register-terms').count()).toBe(0);
});
