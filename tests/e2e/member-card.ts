import { expect, type Page } from '@playwright/test';
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
