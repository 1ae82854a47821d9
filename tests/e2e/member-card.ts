import { expect, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { fillStepOne } from './a11y';
import { latestCode } from './outbox';

/**
 * A visitor opens the card, is asked to sign in, registers with the SMS code instead, and is
 * brought back to the card (within the app: the card's page is never loaded on its own).
 */
export async function registerFromTheCard(page: Page, baseUrl: string, mobile: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/member_card`);
  await expect(page).toHaveURL(`${baseUrl}/login`);
  await page.goto(`${baseUrl}/registerFirst`);
  await fillStepOne(page, mobile, name);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('button', { name: '跳過此步驟，直接註冊' }).click();
  await expect(page).toHaveURL(`${baseUrl}/registerFinal`);
  const { code } = await latestCode(baseUrl, mobile);
  await page.getByLabel('驗證碼').fill(code);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page).toHaveURL(`${baseUrl}/member_card`, { timeout: 15_000 });
}

/** The card's code as the barcode shows it to the till (16 digits in groups of four). */
export const cardBarcode = (page: Page) => page.getByRole('img', { name: /^會員條碼：\d{4} \d{4} \d{4} \d{4}$/ });

/**
 * The barcode's spoken name for a code read from the QR: the same digits, in fours. Written here
 * rather than taken from the app, so that the journey checks the app's grouping, not repeats it.
 */
export const barcodeNameFor = (code: string) => `會員條碼：${code.replace(/(\d{4})(?=\d)/g, '$1 ')}`;

/** The card's QR code, as the scanner at the till reads it. */
export const cardQr = (page: Page) => page.getByRole('img', { name: /^會員 QR 碼：/ });

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8ClampedArray;
}

/** What the screen shows of `target`, pixel by pixel, as a camera pointed at it would see it. */
export async function screenPixels(page: Page, target: Locator): Promise<Pixels> {
  const png = await target.screenshot();
  // Decoded in a blank page of the same browser: its canvas turns the PNG into pixels.
  const blank = await page.context().newPage();
  try {
    const pixels = await blank.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.drawImage(image, 0, 0);
      return {
        width: image.width,
        height: image.height,
        data: Array.from(context.getImageData(0, 0, image.width, image.height).data),
      };
    }, png.toString('base64'));
    return { ...pixels, data: Uint8ClampedArray.from(pixels.data) };
  } finally {
    await blank.close();
  }
}

/**
 * Reads the QR code off the screen as a scanner at the till would: dark modules on a light
 * ground only, as many scanners read no other way round.
 */
export async function decodeQr(page: Page, qr: Locator): Promise<string> {
  const { data, width, height } = await screenPixels(page, qr);
  const found = jsQR(data, width, height, { inversionAttempts: 'dontInvert' });
  if (!found) throw new Error('no QR code found in the screenshot');
  return found.data;
}
