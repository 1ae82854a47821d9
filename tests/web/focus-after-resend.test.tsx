import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RC } from '#protocol/rc';
import { answer, heldAnswer, reply } from './support/api';
import { storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

/**
 * On /registerFinal with the last code sent two minutes ago, the member presses 重新發送驗證碼 and
 * the server answers `rc` once the loading overlay holds the focus, as on a real network. The
 * button that had the focus is then disabled by the countdown its send started.
 */
async function resendAnswered(rc: RC): Promise<ReturnType<typeof renderApp>> {
  const { held, release } = heldAnswer();
  answer('resendRegisterVerify', async () => {
    await held;
    return reply(rc, {});
  });
  storeStepOne();
  sessionStorage.setItem('temp_access_token', 'temp-register-token');
  sessionStorage.setItem('code_sent_at_register', JSON.stringify(Date.now() - 120_000));
  const view = renderApp('/registerFinal');
  await view.user.click(await screen.findByRole('button', { name: '重新發送驗證碼' }));
  const status = await screen.findByRole('status');
  await waitFor(() => expect(status).toContainElement(document.activeElement as HTMLElement));
  release();
  expect(await screen.findByRole('button', { name: /^重新發送驗證碼（\d+ 秒）$/ })).toBeDisabled();
  return view;
}

describe('the focus after a resent code', () => {
  it('goes to the code input once the notice closes, not to the start of the page', async () => {
    const { user } = await resendAnswered('C01');
    const notice = await screen.findByRole('dialog', { name: '提示' });
    expect(notice).toHaveTextContent('驗證碼已重新發送');
    await user.click(within(notice).getByRole('button', { name: '關閉' }));

    await waitFor(() => expect(screen.getByLabelText('驗證碼')).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });

  it('goes to the code input as the loading overlay closes on a send found too soon', async () => {
    await resendAnswered('SMS_RESEND_TOO_SOON');
    await waitFor(() => expect(screen.getByLabelText('驗證碼')).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });
});
