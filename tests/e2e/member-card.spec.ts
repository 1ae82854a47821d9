import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { barcodeNameFor, cardBarcode, cardQr, decodeQr, registerFromTheCard } from './member-card';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';

const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
// A long name, as some members have: the card shows it whole at any text size.
const VISITOR = { mobile: '0955000777', name: '歐陽卡卡 Alexandra Montgomery' };
const TILL = '信義店 1 號機';
const OTHER_TILL = '南西店 2 號機';

let server: MemberServer;
let apiKey: string;
let otherApiKey: string;

test.beforeAll(async () => {
  const dataDir = freshDataDir();
  // The operator registers the tills before the server holds the data directory, as the README says.
  const addTill = async (name: string) => {
    const { stdout } = await run(TSX, ['server/cli/pos-terminals.ts', 'add', '--name', name], {
      env: { ...process.env, DATA_DIR: join(dataDir, 'db'), NODE_ENV: 'test' },
    });
    const key = /^API 金鑰：\s+(\S+)$/m.exec(stdout)?.[1] ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return key;
  };
  apiKey = await addTill(TILL);
  otherApiKey = await addTill(OTHER_TILL);
  server = await startMemberServer(dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

/** The till's call, server to server, as a store's POS makes it. */
async function scanAtTill(
  code: string,
  key: string = apiKey,
): Promise<{ status: number; body: { rcrm: { RC: string }; results: Record<string, unknown> } }> {
  const response = await fetch(`${server.url}/pos-api/v1/member_card/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, body: await response.json() };
}

test('a new member registers, verifies the mobile, shows the card at the till, and the till accepts its code once (another till is refused it)', async ({
  page,
}, info) => {
  test.setTimeout(120_000);

  await test.step('the card asks a visitor to sign in first, who registers with the SMS code and comes back to it', async () => {
    await registerFromTheCard(page, server.url, VISITOR.mobile, VISITOR.name);
  });

  let code = '';
  await test.step('the card shows the name, the masked mobile and one code as barcode, digits and QR', async () => {
    await expect(page.getByRole('heading', { name: '會員卡' })).toBeVisible();
    await expect(page.getByText(VISITOR.name)).toBeVisible();
    await expect(page.getByText('0955-***-777')).toBeVisible();
    const barcode = page.getByRole('img', { name: /^會員條碼：/ });
    await expect(barcode).toBeVisible();
    const qr = cardQr(page);
    // The one-time part changes every 30 seconds: when it changes between the two readings (the
    // QR's decoding takes a while on a busy machine), both are read again.
    await expect(async () => {
      const barcodeLabel = await barcode.getAttribute('aria-label');
      code = await decodeQr(page, qr);
      expect(code).toMatch(/^\d{16}$/);
      expect(barcodeLabel).toBe(barcodeNameFor(code));
    }).toPass({ timeout: 30_000 });
    // The barcode fills the width of the phone, quiet zones included.
    const box = await barcode.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(300);
    await page.screenshot({ path: info.outputPath('member-card-360x640.png') });
    await expectAccessible(page, 'member card');
  });

  await test.step('the till verifies the code: the member comes back, and the scan is listed on the card', async () => {
    const accepted = await scanAtTill(code);
    expect(accepted.status).toBe(200);
    expect(accepted.body.rcrm.RC).toBe('C01');
    expect(accepted.body.results).toMatchObject({
      name: VISITOR.name,
      mobile_masked: '0955-***-777',
      is_verified: true,
    });
    await page.reload();
    const recent = page.getByRole('region', { name: '最近使用' });
    await expect(recent).toContainText(TILL);
  });

  await test.step('the same code at another till is refused; the till that took it, asking again, is answered as before', async () => {
    const elsewhere = await scanAtTill(code, otherApiKey);
    expect(elsewhere.body.rcrm.RC).toBe('CARD_CODE_USED');
    // Its first answer lost on the shop's link: the cashier is not told the member's code was used.
    const again = await scanAtTill(code);
    expect(again.body.rcrm.RC).toBe('C01');
    await page.reload();
    await expect(page.getByRole('region', { name: '最近使用' }).getByRole('listitem')).toHaveCount(1);
  });

  await test.step('on a weak signal the kept card shows at once while its call hangs', async () => {
    const hanging: string[] = [];
    // The card's call never answers, as on a connection that stalls at the till.
    await page.route('**/api/member/get_member_card', (route) => {
      hanging.push(route.request().url());
    });
    await page.reload();
    await expect(cardBarcode(page)).toBeVisible();
    await expect.poll(() => hanging.length).toBe(1);
    await expect(page.getByText('載入中...')).toBeHidden();
    await page.screenshot({ path: info.outputPath('member-card-weak-signal-360x640.png') });
    await page.unroute('**/api/member/get_member_card');
  });
});
