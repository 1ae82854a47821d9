import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndpointName } from '#protocol/endpoints';
import { answer, heldAnswer, reply } from './support/api';
import { pressBack } from './support/history';
import { cameFromLine } from './support/line-bind';
import { agreeAllTerms, answerTerms, fillStepOne, nextButton } from './support/register';
import { renderApp } from './support/render-app';

// A member on one bar of signal taps on, waits, and presses Back: a check or a send is on its way
// from a screen that lets them leave (nothing of the account changes until the next step). Its
// answer, arriving late, must not pull them forward again from wherever they went.

/** `name` answered with `rc` only when the test lets go; the calls made so far. */
function answerLate(name: EndpointName, rc: 'C01' | 'MEMBER_MOBILE_IS_REPEAT', results: object = {}) {
  const { held, release } = heldAnswer();
  const calls = answer(name, async () => {
    await held;
    return reply(rc, results);
  });
  return { calls, release };
}

/** The app on /login, then on `path` as a link would take the member there. */
async function fromLoginTo(path: '/registerFirst' | '/forgotPassword' | '/verify_forget_password' | '/line_bind') {
  const view = renderApp('/login');
  await screen.findByRole('button', { name: '登入' });
  await view.router.navigate({ to: path });
  return view;
}

/** The late answer has come and gone: the member is still where Back took them, told nothing. */
async function expectStillOnLogin(router: Awaited<ReturnType<typeof fromLoginTo>>['router'], release: () => void) {
  expect(router.state.location.pathname).toBe('/login');
  release();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(router.state.location.pathname).toBe('/login');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

describe('Back while a check or a send is on its way, and its answer comes late', () => {
  it('registration step 1: the mobile’s check does not take the member on to step 2', async () => {
    answerTerms();
    const late = answerLate('registerCheck', 'C01');
    const { user, router } = await fromLoginTo('/registerFirst');
    await fillStepOne(user);
    await agreeAllTerms(user);
    await user.click(nextButton());
    await waitFor(() => expect(late.calls).toHaveLength(1));
    await pressBack();
    await expectStillOnLogin(router, late.release);
  });

  it('forgotten password: the code’s send does not take the member to the code entry', async () => {
    const late = answerLate('forgetPassword', 'C01', { temp_access_token: 'temp-forgot-token' });
    const { user, router } = await fromLoginTo('/forgotPassword');
    await user.type(await screen.findByLabelText('手機號碼'), '0912345678');
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    await waitFor(() => expect(late.calls).toHaveLength(1));
    await pressBack();
    await expectStillOnLogin(router, late.release);
  });

  it('the forgotten password’s code: its check does not take the member to the new password', async () => {
    sessionStorage.setItem('TEMP_ACCESS_TOKEN', 'temp-forgot-token');
    const late = answerLate('forgetPasswordVerify', 'C01');
    const { user, router } = await fromLoginTo('/verify_forget_password');
    await user.type(await screen.findByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await waitFor(() => expect(late.calls).toHaveLength(1));
    await pressBack();
    await expectStillOnLogin(router, late.release);
  });

  it('binding LINE: the mobile’s check does not take the member to the password', async () => {
    cameFromLine();
    const late = answerLate('checkMobile', 'MEMBER_MOBILE_IS_REPEAT');
    const { user, router } = await fromLoginTo('/line_bind');
    await user.type(await screen.findByLabelText('手機號碼'), '0912345678');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(late.calls).toHaveLength(1));
    await pressBack();
    await expectStillOnLogin(router, late.release);
  });
});
