import { expect, test } from '@playwright/test';
import {
  barcodeNameFor,
  cardBarcode,
  cardQr,
  decodeQr,
  type Pixels,
  registerFromTheCard,
  screenPixels,
} from './member-card';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';

// A phone set to dark whose browser darkens pages that have no dark design of their own: Android's
// WebView in an app that allows it (algorithmic darkening), Samsung Internet's dark mode for
// websites, Chrome's "darken websites". Chromium's auto dark mode does what they do. The app has
// one, light design (`color-scheme: only light`, src/styles.css): darkened, the card's bars and
// modules stayed black while the white around them turned dark, and a till could not read them.

const VISITOR = { mobile: '0955000888', name: '林夜卡' };
const AUTO_DARK = '--enable-features=WebContentsForceDark';

let server: MemberServer;

test.beforeAll(async () => {
  server = await startMemberServer(freshDataDir());
});

test.afterAll(async () => {
  await server?.stop();
});

/** The brightness (0 black, 255 white) of the pixel at `x`, `y`. */
const brightnessAt = ({ data, width }: Pixels, x: number, y: number): number => {
  const at = (y * width + x) * 4;
  return 0.299 * (data[at] ?? 0) + 0.587 * (data[at + 1] ?? 0) + 0.114 * (data[at + 2] ?? 0);
};

/** The mean brightness of the columns `from` to `to` of `pixels`. */
function brightness(pixels: Pixels, from: number, to: number): number {
  let sum = 0;
  for (let y = 0; y < pixels.height; y++) for (let x = from; x < to; x++) sum += brightnessAt(pixels, x, y);
  return sum / (pixels.height * (to - from));
}

/** The brightness of the darkest pixel of `pixels`. */
function darkest(pixels: Pixels): number {
  let least = 255;
  for (let y = 0; y < pixels.height; y++)
    for (let x = 0; x < pixels.width; x++) least = Math.min(least, brightnessAt(pixels, x, y));
  return least;
}

test('on a phone that darkens web pages, the card stays black on white for the till', async ({ playwright }, info) => {
  test.setTimeout(120_000);
  const { launchOptions, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } =
    info.project.use;
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions?.args ?? []), AUTO_DARK],
  });
  try {
    const context = await browser.newContext({
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await registerFromTheCard(page, server.url, VISITOR.mobile, VISITOR.name);
    await expect(cardBarcode(page)).toBeVisible();
    await page.screenshot({ path: info.outputPath('member-card-dark-phone-360x640.png') });

    // Dark modules on a light ground, read without inverting: the code is the barcode's too.
    await expect(async () => {
      const code = await decodeQr(page, cardQr(page));
      expect(await cardBarcode(page).getAttribute('aria-label')).toBe(barcodeNameFor(code));
    }).toPass({ timeout: 30_000 });

    // Each code's quiet zones (its white margins, at least a twentieth of its width each side) are
    // white and its bars or modules black, as on the card in a light room.
    for (const image of [cardBarcode(page), cardQr(page)]) {
      const pixels = await screenPixels(page, image);
      const margin = Math.floor(pixels.width / 20);
      expect(brightness(pixels, 0, margin)).toBeGreaterThan(230);
      expect(brightness(pixels, pixels.width - margin, pixels.width)).toBeGreaterThan(230);
      expect(darkest(pixels)).toBeLessThan(25);
    }
  } finally {
    await browser.close();
  }
});
