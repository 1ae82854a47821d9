import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answer, answerRedirectLocation, decrypted, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { errorsOf } from './support/fields';
import { stubLocationReplace } from './support/location';
import { answerProfile } from './support/profile';
import { answerTerms, STEP_ONE, storeStepOne } from './support/register';
import { renderApp } from './support/render-app';
import { closeNetworkNotice, expectCodeSentWithinAMinute, loseNextAnswer } from './support/weak-signal';

const TEMP_TOKEN = 'temp-register-token';
const MEMBER_TOKEN = 'new-member-token';
const MEMBER_PAGE = `${SHOP_ORIGIN}/member/welcome`;
const codeInput = () => screen.getByLabelText('驗證碼');
const notice = () => screen.findByRole('dialog', { name: '提示' });

function midRegistration() {
  storeStepOne();
  sessionStorage.setItem('register2', JSON.stringify({ referrer_code: '', gender: 'M', email: '', birthday: '' }));
  sessionStorage.setItem('check3rdCrmData', JSON.stringify({ third_party_crm_data: 'abc=' }));
  sessionStorage.setItem('temp_access_token', TEMP_TOKEN);
}

async function openStepThree() {
  midRegistration();
  const view = renderApp('/registerFinal');
  await screen.findByLabelText('驗證碼');
  return view;
}

describe('registration step 3: verifying the code', () => {
  it('signs the member in, shows 註冊成功, and after 2 seconds goes to the redirect location', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setAesKeyCookie();
    const replace = stubLocationReplace();
    const verifies = answer('registerVerify', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    await openStepThree();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(screen.getByText('驗證碼已發送至 0912-345-678，請於 10 分鐘內輸入。')).toBeInTheDocument();
    expect(codeInput()).toHaveAttribute('inputmode', 'numeric');
    expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));

    const overlay = await screen.findByRole('dialog', { name: '註冊成功' });
    // The 2 seconds started as the overlay showed; from here the clock moves only as the test
    // moves it, so however slowly this machine runs, 1.5 seconds in is well inside them.
    vi.setTimerTickMode('manual');
    expect(overlay).toHaveTextContent('將自動為您導向會員頁面…');
    expect(verifies[0]?.payload.token).toBe(TEMP_TOKEN);
    expect(verifies[0]?.params).toEqual({ verify_code: '123456' });
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
    expect(localStorage.getItem('login_type')).toBe('Member');
    expect(sessionStorage.getItem('member_access_token')).toBe(MEMBER_TOKEN);
    for (const key of ['register1', 'register2', 'temp_access_token', 'check3rdCrmData']) {
      expect(sessionStorage.getItem(key)).toBeNull();
    }

    await vi.advanceTimersByTimeAsync(1500);
    expect(redirects).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    vi.setTimerTickMode('interval');
    await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE));
    expect(redirects[0]?.xToken).toBe(MEMBER_TOKEN);
    expect(redirects[0]?.mmrmToken).toBe(MEMBER_TOKEN);
  });

  it('offers the member area when the redirect fetch fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const replace = stubLocationReplace();
    answer('registerVerify', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    const redirects = answerRedirectLocation(
      urlOf('redirectLocation'),
      () => new HttpResponse('bad gateway', { status: 502 }),
    );
    await openStepThree();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    const overlay = await screen.findByRole('dialog', { name: '註冊成功' });
    const status = within(overlay).getByRole('status');
    expect(status).toHaveTextContent('將自動為您導向會員頁面…');
    await vi.advanceTimersByTimeAsync(2100);
    await waitFor(() => expect(redirects).toHaveLength(1));
    const link = await within(overlay).findByRole('link', { name: '前往會員中心' });
    expect(link).toHaveAttribute('href', '/change_member');
    expect(replace).not.toHaveBeenCalled();
    // Said where it was said the redirect was on its way, and the way on takes the focus.
    expect(status).toBeInTheDocument();
    expect(status).toHaveTextContent('自動導向失敗，請點選下方按鈕前往。');
    await waitFor(() => expect(link).toHaveFocus());
  });

  it.each([
    ['', '請輸入驗證碼'],
    ['12345', '驗證碼為 6 位數字'],
    ['12a456', '驗證碼為 6 位數字'],
  ])('checks the code "%s" before calling: %s', async (code, message) => {
    const { user } = await openStepThree();
    if (code) await user.type(codeInput(), code);
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await waitFor(() => expect(errorsOf(codeInput())).toBe(message));
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it.each(['VERIFY_CODE_INCORRECT', 'VERIFY_CODE_EXPIRED', 'VERIFY_CODE_TOO_MANY_ATTEMPTS'] as const)(
    'shows the RM of %s and keeps the registration',
    async (rc) => {
      answer('registerVerify', () => reply(rc));
      const { user } = await openStepThree();
      await user.type(codeInput(), '654321');
      await user.click(screen.getByRole('button', { name: '驗證' }));
      const { RC_MESSAGES } = await import('#protocol/rc');
      expect(await notice()).toHaveTextContent(RC_MESSAGES[rc]);
      expect(sessionStorage.getItem('temp_access_token')).toBe(TEMP_TOKEN);
      expect(localStorage.getItem('memberAuth')).toBeNull();
    },
  );
});

describe('registration step 3: the other buttons', () => {
  it('skips phone verification and signs the member in the same way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setAesKeyCookie();
    const replace = stubLocationReplace();
    const skips = answer('registerSkipVerify', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: '/change_member' }));
    await openStepThree();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: '跳過手機驗證' }));
    expect(await screen.findByRole('dialog', { name: '註冊成功' })).toBeInTheDocument();
    expect(skips[0]?.payload.token).toBe(TEMP_TOKEN);
    expect(skips[0]?.params).toEqual({});
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
    await vi.advanceTimersByTimeAsync(2100);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/change_member'));
  });

  it('resends the code and says so', async () => {
    const resends = answer('resendRegisterVerify', () => reply('C01', {}));
    const { user } = await openStepThree();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    expect(await notice()).toHaveTextContent('驗證碼已重新發送');
    expect(resends[0]?.payload.token).toBe(TEMP_TOKEN);
  });

  it('shows the RM of SMS_SEND_LIMIT on resend', async () => {
    answer('resendRegisterVerify', () => reply('SMS_SEND_LIMIT'));
    const { user } = await openStepThree();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    const { RC_MESSAGES } = await import('#protocol/rc');
    expect(await notice()).toHaveTextContent(RC_MESSAGES.SMS_SEND_LIMIT);
  });

  it('a resend found too soon after the last keeps the code entry, counts down, and says a code was sent within the minute', async () => {
    const resends = answer('resendRegisterVerify', () => reply('SMS_RESEND_TOO_SOON'));
    const { user } = await openStepThree();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    await expectCodeSentWithinAMinute();
    expect(resends).toHaveLength(1);
  });

  it('links to changing the mobile', async () => {
    await openStepThree();
    expect(screen.getByRole('link', { name: '變更手機號碼' })).toHaveAttribute('href', '/registerFinal/change_mobile');
  });
});

describe('registration step 3 when the server no longer knows the temp token', () => {
  // Verifying or skipping spends the token. On a weak signal the answer to one that worked can be
  // lost: the member is registered but still on step 3, and trying again answers TOKEN_INVALID.
  const registrationGone = async () => {
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('註冊資料已失效');
    return alert;
  };

  it('a verify whose answer was lost signs in with step 1’s mobile and password on the next try', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setAesKeyCookie();
    const replace = stubLocationReplace();
    const verifies = answer('registerVerify', () => reply('TOKEN_INVALID'));
    loseNextAnswer('registerVerify');
    const logins = answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    await openStepThree();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await closeNetworkNotice(user);
    expect(logins).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByRole('dialog', { name: '註冊成功' })).toHaveTextContent('將自動為您導向會員頁面…');
    expect(verifies).toHaveLength(1);
    expect(logins).toHaveLength(1);
    expect(decrypted(logins[0]?.params.account)).toBe(STEP_ONE.mobile);
    expect(decrypted(logins[0]?.params.password)).toBe(STEP_ONE.password);
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
    for (const key of ['register1', 'register2', 'temp_access_token', 'check3rdCrmData']) {
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    await vi.advanceTimersByTimeAsync(2100);
    await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE));
  });

  it('skipping after the token was spent signs in the same way', async () => {
    answer('registerSkipVerify', () => reply('TOKEN_INVALID'));
    const logins = answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    stubLocationReplace();
    const { user } = await openStepThree();
    await user.click(screen.getByRole('button', { name: '跳過手機驗證' }));
    expect(await screen.findByRole('dialog', { name: '註冊成功' })).toBeInTheDocument();
    expect(decrypted(logins[0]?.params.account)).toBe(STEP_ONE.mobile);
  });

  it.each(['MEMBER_IS_NOT_EXIST', 'PASSWORD_INCORRECT', 'ACCOUNT_LOCKED'] as const)(
    'a registration that did not stand (login answers %s) is gone: register again, or log in',
    async (rc) => {
      answer('registerVerify', () => reply('TOKEN_INVALID'));
      answer('login', () => reply(rc));
      const { user } = await openStepThree();
      await user.type(codeInput(), '123456');
      await user.click(screen.getByRole('button', { name: '驗證' }));
      const alert = await registrationGone();
      expect(within(alert).getByRole('link', { name: '重新註冊' })).toHaveAttribute('href', '/registerFirst');
      expect(within(alert).getByRole('link', { name: '已完成註冊？前往登入' })).toHaveAttribute('href', '/login');
      expect(sessionStorage.getItem('temp_access_token')).toBeNull();
      expect(localStorage.getItem('memberAuth')).toBeNull();
    },
  );

  it('a sign-in that gets no answer keeps step 3, and trying again tries again', async () => {
    answer('registerVerify', () => reply('TOKEN_INVALID'));
    const logins = answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    loseNextAnswer('login');
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    stubLocationReplace();
    const { user } = await openStepThree();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await closeNetworkNotice(user);
    expect(sessionStorage.getItem('temp_access_token')).toBe(TEMP_TOKEN);
    expect(codeInput()).toHaveValue('123456');

    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByRole('dialog', { name: '註冊成功' })).toBeInTheDocument();
    expect(logins).toHaveLength(1);
  });

  it('makes no sign-in when step 1 is no longer in the tab', async () => {
    answer('registerSkipVerify', () => reply('TOKEN_INVALID'));
    const { user } = await openStepThree();
    sessionStorage.removeItem('register1');
    await user.click(screen.getByRole('button', { name: '跳過手機驗證' }));
    await registrationGone();
  });

  // A member whose verify spun and came back with the network notice may well try 重新發送驗證碼
  // next, or send the code to another mobile: the registration may have stood all the same.
  const stepThreeCalls = [
    ['重新發送驗證碼', 'resendRegisterVerify', '/registerFinal'],
    ['確認變更', 'updateRegisterMobile', '/registerFinal/change_mobile'],
  ] as const;

  type StepThreeCall = (typeof stepThreeCalls)[number];

  async function tapAfterTheTokenWasSpent(button: StepThreeCall[0], call: StepThreeCall[1], path: StepThreeCall[2]) {
    answer(call, () => reply('TOKEN_INVALID'));
    midRegistration();
    const view = renderApp(path);
    if (call === 'updateRegisterMobile') await view.user.type(await screen.findByLabelText('新手機號碼'), '0987654321');
    await view.user.click(await screen.findByRole('button', { name: button }));
    return view;
  }

  it.each(stepThreeCalls)(
    '%s after a verify whose answer was lost signs in with step 1 and welcomes',
    async (button, call, path) => {
      const logins = answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
      answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
      const replace = stubLocationReplace();
      await tapAfterTheTokenWasSpent(button, call, path);
      expect(await screen.findByRole('dialog', { name: '註冊成功' })).toHaveTextContent('將自動為您導向會員頁面…');
      expect(decrypted(logins[0]?.params.account)).toBe(STEP_ONE.mobile);
      expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
      expect(screen.queryByRole('dialog', { name: '提示' })).not.toBeInTheDocument();
      await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE), { timeout: 5000 });
    },
  );

  it.each(stepThreeCalls)(
    '%s answered TOKEN_INVALID, with no registration standing, says it is gone',
    async (button, call, path) => {
      answer('login', () => reply('MEMBER_IS_NOT_EXIST'));
      await tapAfterTheTokenWasSpent(button, call, path);
      const alert = await registrationGone();
      expect(within(alert).getByRole('link', { name: '已完成註冊？前往登入' })).toBeInTheDocument();
      expect(sessionStorage.getItem('temp_access_token')).toBeNull();
      expect(localStorage.getItem('memberAuth')).toBeNull();
    },
  );
});

describe('registration step 3 without the temp token', () => {
  it('makes no call and offers to register again', async () => {
    storeStepOne();
    const { user, router } = renderApp('/registerFinal');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('註冊資料已失效');
    expect(screen.queryByLabelText('驗證碼')).not.toBeInTheDocument();
    answer('briefTerm', () => reply('C01', { terms: [] }));
    await user.click(within(alert).getByRole('link', { name: '重新註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFirst'));
  });

  it.each(['驗證', '跳過手機驗證', '重新發送驗證碼'])('%s does nothing once the token is gone', async (button) => {
    const { user } = await openStepThree();
    sessionStorage.removeItem('temp_access_token');
    if (button === '驗證') await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByRole('alert')).toHaveTextContent('註冊資料已失效');
  });

  it('the change-mobile screen makes no call either', async () => {
    const { user } = (() => {
      midRegistration();
      return renderApp('/registerFinal/change_mobile');
    })();
    const input = await screen.findByLabelText('新手機號碼');
    sessionStorage.removeItem('temp_access_token');
    await user.type(input, '0987654321');
    await user.click(screen.getByRole('button', { name: '確認變更' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('註冊資料已失效');
  });
});

describe('changing the mobile on step 3', () => {
  async function openChangeMobile() {
    midRegistration();
    const view = renderApp('/registerFinal/change_mobile');
    await screen.findByLabelText('新手機號碼');
    return view;
  }

  it('sends the new mobile encrypted and goes back to step 3, which names the new number', async () => {
    const updates = answer('updateRegisterMobile', () => reply('C01', {}));
    const { user, router } = await openChangeMobile();
    await user.type(screen.getByLabelText('新手機號碼'), '0987654321');
    await user.click(screen.getByRole('button', { name: '確認變更' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(updates[0]?.payload.token).toBe(TEMP_TOKEN);
    expect(decrypted(updates[0]?.params.mobile)).toBe('0987654321');
    expect(await screen.findByText('驗證碼已發送至 0987-654-321，請於 10 分鐘內輸入。')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('register1') ?? '{}').mobile).toBe('0987654321');
  });

  it('goes back to step 3 with the new mobile when the server finds the send too soon after the last (its answer lost)', async () => {
    const updates = answer('updateRegisterMobile', () => reply('SMS_RESEND_TOO_SOON'));
    loseNextAnswer('updateRegisterMobile');
    const { user, router } = await openChangeMobile();
    await user.type(screen.getByLabelText('新手機號碼'), '0987654321');
    await user.click(screen.getByRole('button', { name: '確認變更' }));
    await closeNetworkNotice(user);
    await user.click(screen.getByRole('button', { name: '確認變更' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    await expectCodeSentWithinAMinute();
    expect(screen.getByText('驗證碼已發送至 0987-654-321，請於 10 分鐘內輸入。')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('register1') ?? '{}').mobile).toBe('0987654321');
    expect(updates).toHaveLength(1);
  });

  it('says the number is already registered for MEMBER_MOBILE_IS_REPEAT', async () => {
    answer('updateRegisterMobile', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    const { user, router } = await openChangeMobile();
    await user.type(screen.getByLabelText('新手機號碼'), '0987654321');
    await user.click(screen.getByRole('button', { name: '確認變更' }));
    expect(await notice()).toHaveTextContent('此手機號碼已被註冊');
    expect(router.state.location.pathname).toBe('/registerFinal/change_mobile');
    expect(JSON.parse(sessionStorage.getItem('register1') ?? '{}').mobile).toBe(STEP_ONE.mobile);
  });

  it('shows the RM of any other RC', async () => {
    answer('updateRegisterMobile', () => reply('SMS_SEND_LIMIT'));
    const { user } = await openChangeMobile();
    await user.type(screen.getByLabelText('新手機號碼'), '0987654321');
    await user.click(screen.getByRole('button', { name: '確認變更' }));
    expect(await notice()).toHaveTextContent('驗證碼發送次數已達上限，請稍後再試');
  });

  it.each([
    ['', '請輸入手機號碼'],
    ['09876', '手機號碼格式錯誤'],
  ])('checks the new mobile "%s": %s', async (mobile, message) => {
    const { user } = await openChangeMobile();
    const input = screen.getByLabelText('新手機號碼');
    if (mobile) await user.type(input, mobile);
    await user.click(screen.getByRole('button', { name: '確認變更' }));
    await waitFor(() => expect(errorsOf(input)).toBe(message));
  });

  it('leads back to step 3', async () => {
    await openChangeMobile();
    expect(screen.getByRole('link', { name: '返回手機驗證' })).toHaveAttribute('href', '/registerFinal');
  });
});

describe('coming back to registration once the registration is made', () => {
  // The registration exists once register answered its temp token: step 1 and 2 would only send
  // it again and be told the mobile is taken. This tab goes on to step 3 instead.
  const historyIndex = (router: { state: { location: { state: { __TSR_index?: number } } } }) =>
    router.state.location.state.__TSR_index ?? -1;

  async function registerOnStepTwo() {
    const registers = answer('register', () => reply('C01', { temp_access_token: TEMP_TOKEN }));
    storeStepOne();
    const view = renderApp('/registerSecond');
    await view.user.click(await screen.findByRole('radio', { name: '男' }));
    await view.user.click(screen.getByRole('button', { name: '註冊' }));
    await screen.findByLabelText('驗證碼');
    return { ...view, registers };
  }

  it.each(['/registerSecond', '/registerFirst'])(
    '%s goes on to step 3 in place while the tab holds the registration’s temp token',
    async (url) => {
      midRegistration();
      const entries = window.history.length;
      const { router } = renderApp(url);
      expect(await screen.findByLabelText('驗證碼')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/registerFinal');
      expect(screen.queryByLabelText('邀請碼')).not.toBeInTheDocument();
      expect(window.history.length).toBe(entries);
    },
  );

  it('/registerFirst starts afresh once the registration’s temp token has certainly run out (30 minutes after its code)', async () => {
    midRegistration();
    sessionStorage.setItem('code_sent_at_register', JSON.stringify(Date.now() - 31 * 60_000));
    answerTerms();
    const { router } = renderApp('/registerFirst');
    expect(await screen.findByLabelText('手機號碼')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registerFirst');
    expect(sessionStorage.getItem('temp_access_token')).toBeNull();
  });

  it('Back from step 3 shows step 3 again, so the registration is never sent twice', async () => {
    const { router, registers } = await registerOnStepTwo();
    const stepThree = historyIndex(router);
    router.history.back();
    await waitFor(() => expect(historyIndex(router)).toBe(stepThree - 1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(await screen.findByLabelText('驗證碼')).toBeInTheDocument();
    expect(screen.queryByLabelText('邀請碼')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(registers).toHaveLength(1);
    expect(sessionStorage.getItem('temp_access_token')).toBe(TEMP_TOKEN);
  });

  it('Back once registered and signed in lands on the profile, not on a form that registers again', async () => {
    stubLocationReplace();
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    answer('registerVerify', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answerProfile();
    const { user, router, registers } = await registerOnStepTwo();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await screen.findByRole('dialog', { name: '註冊成功' });
    router.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/change_member'));
    expect(screen.queryByLabelText('邀請碼')).not.toBeInTheDocument();
    expect(registers).toHaveLength(1);
  });
});
