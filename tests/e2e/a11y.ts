// What the accessibility, keyboard and small-screen specs share: the axe check, holding a call
// open so the loading overlay can be looked at, and the journeys' small steps.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, and axe's best practices: any violation fails. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The narrowest screen a member may use (WCAG 1.4.10: 320 CSS px). */
const NARROWEST = 320;

/** The screenshots of the states looked at, when SHOTS_DIR names a folder outside the repository. */
const SHOTS_DIR = process.env.SHOTS_DIR;

/**
 * Runs axe on the page as it is and records a failure (without stopping the journey) for every
 * violation, named by the state so one run lists them all; then looks at the same state 320 px wide.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  // Let transitions and the spinner's first frame settle, as a member would see the screen.
  await page.waitForTimeout(150);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`)
        .join('\n')}`,
  );
  expect.soft(found, `axe violations on ${state}`).toEqual([]);
  await shoot(page, state);
  await expectNoSideScroll(page, state);
}

/**
 * At 320 px (WCAG 1.4.10 reflow) the page scrolls only up and down; then the same with the
 * browser's text size doubled (WCAG 1.4.4), as a member who reads with large text sets it.
 */
export async function expectNoSideScroll(page: Page, state: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 360, height: 640 };
  await page.setViewportSize({ width: NARROWEST, height: size.height });
  await expectFitsTheWidth(page, `${NARROWEST} px on ${state}`);
  await shoot(page, `${state} ${NARROWEST}px`);
  await withTextSize(page, LARGE_TEXT_PX, async () => {
    await expectFitsTheWidth(page, `${NARROWEST} px with text at 200% on ${state}`);
    await shoot(page, `${state} ${NARROWEST}px large text`);
  });
  await page.setViewportSize(size);
}

/** The browser's usual text size (its default font size), and that of a member who doubles it. */
export const USUAL_TEXT_PX = 16;
export const LARGE_TEXT_PX = 32;

/** Sets the browser's text size to `px`, as its text-size setting does (its default font size). */
export async function setTextSize(page: Page, px: number): Promise<void> {
  const browser = await page.context().newCDPSession(page);
  await browser.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round((px * 13) / 16) } });
  await browser.detach();
}

/** Runs `look` with the browser's text size set to `px`, then puts the usual size back. */
async function withTextSize(page: Page, px: number, look: () => Promise<void>): Promise<void> {
  await setTextSize(page, px);
  try {
    await look();
  } finally {
    await setTextSize(page, USUAL_TEXT_PX);
  }
}

/** Nothing wider than the screen, nothing cut off inside it, and every choice's words whole. */
async function expectFitsTheWidth(page: Page, where: string): Promise<void> {
  // Two frames: the new width or text size is laid out before anything is measured.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `horizontal scroll at ${where}`).toBeLessThanOrEqual(NARROWEST);
  expect.soft(await cutOff(page), `content cut off at ${where}`).toEqual([]);
  const broken = await brokenOverLines(page);
  expect.soft(broken.choices, `choices broken over two lines at ${where}`).toEqual([]);
  expect.soft(broken.words, `words broken over two lines at ${where}`).toEqual([]);
}

/**
 * What a member cannot see whole: an element reaching past the screen's right edge (which the
 * page's own scroll width misses when a box clips it), or a box whose content is wider than it and
 * that hides the rest, an ellipsis included (a name cut to 「王小…」 is not the member's name).
 * Text kept for screen readers only is not counted.
 */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate((screenWidth) => {
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 24) || element.getAttribute('aria-label') || ''}"`;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('.sr-only, [hidden], template, noscript')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > screenWidth + 0.5) found.push(`${name(element)} reaches ${Math.round(box.right)} px`);
      const hides = style.overflowX !== 'visible';
      if (hides && element.scrollWidth > element.clientWidth + 1 && !(element instanceof HTMLInputElement))
        found.push(`${name(element)} hides ${element.scrollWidth - element.clientWidth} px`);
    }
    return found;
  }, NARROWEST);
}

/**
 * Text that must stand on one line and does not: the options of radio groups (不透 / 露), and text
 * of a word's length (four characters or fewer: 基本資料, 變更, 登入). Even doubled, such a word fits
 * the narrowest screen many times over, so a break inside it is a layout that left it too little
 * room (a column, a box beside another), never the text's length.
 */
function brokenOverLines(page: Page): Promise<{ choices: string[]; words: string[] }> {
  return page.evaluate(() => {
    const onSeveralLines = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set(
        [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
      );
      return lines.size > 1;
    };
    const hasText = (node: Node) => node.nodeType === Node.TEXT_NODE && Boolean(node.textContent?.trim());
    const choices = [...document.querySelectorAll('label')]
      .filter((label) => label.querySelector('input[type="radio"]'))
      .filter((label) => [...label.childNodes].some((node) => hasText(node) && onSeveralLines(node)))
      .map((label) => label.textContent?.trim() ?? '');
    const words: string[] = [];
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const word = node.textContent?.trim() ?? '';
      if (word.length === 0 || [...word].length > 4 || node.parentElement?.closest('.sr-only')) continue;
      if (onSeveralLines(node)) words.push(word);
    }
    return { choices, words };
  });
}

async function shoot(page: Page, state: string): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${state.replace(/[^\w-]+/g, '_')}.png` });
}

/**
 * Holds every call to `path` until the returned function lets it go on, so the screen's loading
 * overlay stays up while it is checked. Matched by the path alone: a call with a query (the
 * redirect location's x_token) is held too, which a URL pattern ending in the path would miss.
 */
export async function holdCalls(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The route stays: once released, later calls pass straight through it.
  await page.route(
    (url) => url.pathname.endsWith(path),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

/** The loading overlay is up, holds the focus, and the screen behind it is busy. */
export async function expectLoading(page: Page): Promise<void> {
  const status = page.getByRole('status').filter({ hasText: '載入中' });
  await expect(status).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="status"]') != null)).toBe(true);
  const main = page.locator('main');
  if ((await main.count()) > 0) await expect(main.first()).toHaveAttribute('aria-busy', 'true');
}

export const notice = (page: Page): Locator => page.getByRole('dialog', { name: '提示' });

/** Closes the notice with whichever button it offers. */
export async function closeNotice(page: Page): Promise<void> {
  const dialog = notice(page);
  await dialog.getByRole('button').last().click();
  await expect(dialog).toBeHidden();
}

/** Leaves each field with a value it refuses, then asks for the form's check with its button. */
export async function showFieldErrors(page: Page, values: Record<string, string>, submit?: string): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel(label, { exact: true }).blur();
  }
  if (submit) {
    const button = page.getByRole('button', { name: submit, exact: true });
    if (await button.isEnabled()) await button.click();
  }
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
}

export async function logIn(page: Page, baseUrl: string, account: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('帳號').fill(account);
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

/** A forgotten password's code asked for from /forgotPassword, ending on the code screen. */
export async function askForgotPasswordCode(page: Page, baseUrl: string, mobile: string): Promise<void> {
  await page.goto(`${baseUrl}/forgotPassword`);
  await page.getByLabel('手機號碼').fill(mobile);
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(page).toHaveURL(`${baseUrl}/verify_forget_password`);
}

/** Every register term read and agreed in its modal. */
export async function agreeAllTerms(page: Page): Promise<void> {
  const terms = page.getByRole('checkbox', { name: /^我已閱讀並同意「/ });
  await expect(terms.first()).toBeVisible();
  const count = await terms.count();
  for (let i = 0; i < count; i++) {
    await terms.nth(i).click();
    await page.getByRole('dialog').getByRole('button', { name: '我已閱讀並同意條款' }).click();
    await expect(terms.nth(i)).toBeChecked();
  }
}

export async function fillStepOne(page: Page, mobile: string, name: string, password = 'abc12345'): Promise<void> {
  await page.getByLabel('手機號碼').fill(mobile);
  await page.getByLabel('姓名').fill(name);
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByLabel('確認密碼').fill(password);
  await agreeAllTerms(page);
}
