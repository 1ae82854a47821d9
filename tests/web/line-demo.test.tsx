import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { settleLiffAtBoot } from '../../src/lib/liff';
import { answer, reply } from './support/api';
import { installRuntimeConfig } from './support/config';
import { renderApp } from './support/render-app';

// The real LIFF SDK with @line/liff-mock, as a demo deployment (no LIFF ID) runs it.

const LINE_APP = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36 Line/15.1.0';

describe('demo LINE (no LIFF ID)', () => {
  it('marks the LINE card as the demo, and its LINE login hands the server this browser’s demo token', async () => {
    const logins = answer('loginWithProvider', () => reply('LINE_NOT_BOUND'));
    const { user } = renderApp('/login');
    const card = await screen.findByRole('button', { name: /使用 LINE 帳號登入/ });
    expect(card).toHaveTextContent('示範 LINE');
    await user.click(card);
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveTextContent('此 LINE ID 尚未綁定會員');
    expect(within(dialog).getByRole('link', { name: '前往綁定' })).toHaveAttribute('href', '/line_bind');
    const deviceUuid = localStorage.getItem('device-uuid');
    expect(deviceUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(logins[0]?.params.verify_data).toEqual({ line_token: `demo.${deviceUuid}`, line_token_source: 'cyberbiz' });
  });

  it('follows a LIFF deep link, which the LIFF mock leaves to the app', async () => {
    installRuntimeConfig();
    loadConfig();
    window.history.replaceState(
      null,
      '',
      `/?liff.state=${encodeURIComponent('/registerFirst?referrer_code=QWER5678')}`,
    );
    await settleLiffAtBoot(LINE_APP);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/registerFirst?referrer_code=QWER5678');
  });
});
