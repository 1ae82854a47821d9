import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RC, RC_MESSAGES } from '#protocol/rc';
import { answer, decrypted, reply } from './support/api';
import { errorsOf } from './support/fields';
import { answerProfile, keepNewMobile, MEMBER_TOKEN, PROFILE, signIn } from './support/profile';
import { renderApp } from './support/render-app';
import {
  closeNetworkNotice,
  expectCodeSentWithinAMinute,
  loseNextAnswer,
  verifyTwiceLosingTheFirstAnswer,
} from './support/weak-signal';

const NEW_MOBILE = '0987654321';
const mobileInput = () => screen.getByLabelText('新手機號碼');
const passwordInput = () => screen.getByLabelText('密碼');
const sendButton = () => screen.getByRole('button', { name: '發送驗證碼' });
const notice = () => screen.findByRole('dialog', { name: '提示' });

async function openChangeMobile() {
  signIn();
  sessionStorage.setItem('member_access_info', JSON.stringify(PROFILE));
  const view = renderApp('/change_member_mobile');
  await screen.findByLabelText('新手機號碼');
  return view;
}

async function openVerifyNewMobile() {
  signIn();
  keepNewMobile(NEW_MOBILE);
  const view = renderApp('/verify_member_mobile');
  await screen.findByLabelText('驗證碼');
  return view;
}

describe('/change_member_mobile', () => {
  it('knows the current mobile straight after signing in, before the profile was shown in this tab', async () => {
    signIn();
    const profiles = answerProfile();
    renderApp('/change_member_mobile');
    expect(await screen.findByText('目前的手機號碼：0912-345-678')).toBeInTheDocument();
    expect(profiles).toHaveLength(1);
  });

  it('goes on without the current mobile when the profile cannot be had', async () => {
    signIn();
    answer('getMemberProfile', () => reply('SYSTEM_ERROR'));
    renderApp('/change_member_mobile');
    expect(await screen.findByLabelText('新手機號碼')).toBeInTheDocument();
    expect(screen.queryByText(/目前的手機號碼/)).not.toBeInTheDocument();
  });

  it('asks for the new mobile and the password, then keeps the new mobile and goes on to verify it', async () => {
    const updates = answer('updateMemberMobile', () => reply('C01', {}));
    const { user, router } = await openChangeMobile();
    expect(screen.getByRole('heading', { level: 1, name: '變更手機號碼' })).toBeInTheDocument();
    expect(screen.getByText('目前的手機號碼：0912-345-678')).toBeInTheDocument();
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: '返回基本資料' })).toHaveAttribute('href', '/change_member');

    await user.type(mobileInput(), NEW_MOBILE);
    await user.type(passwordInput(), 'abc12345');
    await user.click(sendButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify_member_mobile'));
    expect(updates).toHaveLength(1);
    expect(updates[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(decrypted(updates[0]?.params.mobile)).toBe(NEW_MOBILE);
    expect(decrypted(updates[0]?.params.password)).toBe('abc12345');
    expect(sessionStorage.getItem('member_change_mobile')).toBe(NEW_MOBILE);
    // Whose change it is: only that member is shown it after a sign-in on this tab.
    expect(sessionStorage.getItem('member_change_mobile_from')).toBe(PROFILE.mobile);
    expect(await screen.findByText('驗證碼已發送至 0987-654-321，請於 10 分鐘內輸入。')).toBeInTheDocument();
  });

  it('goes on to verify the new mobile when the server finds the send too soon after the last (its answer lost)', async () => {
    const updates = answer('updateMemberMobile', () => reply('SMS_RESEND_TOO_SOON'));
    loseNextAnswer('updateMemberMobile');
    const { user, router } = await openChangeMobile();
    await user.type(mobileInput(), NEW_MOBILE);
    await user.type(passwordInput(), 'abc12345');
    await user.click(sendButton());
    await closeNetworkNotice(user);
    await user.click(sendButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify_member_mobile'));
    await expectCodeSentWithinAMinute();
    expect(screen.getByText('驗證碼已發送至 0987-654-321，請於 10 分鐘內輸入。')).toBeInTheDocument();
    expect(sessionStorage.getItem('member_change_mobile')).toBe(NEW_MOBILE);
    expect(updates).toHaveLength(1);
  });

  it('takes a legacy member’s 8-digit birthday password', async () => {
    const updates = answer('updateMemberMobile', () => reply('C01', {}));
    const { user } = await openChangeMobile();
    await user.type(mobileInput(), NEW_MOBILE);
    await user.type(passwordInput(), '19801201');
    await user.click(sendButton());
    await waitFor(() => expect(updates).toHaveLength(1));
  });

  it('says the new mobile is the current one without asking the server (which would call it taken)', async () => {
    const updates = answer('updateMemberMobile', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    const { user } = await openChangeMobile();
    await user.type(mobileInput(), '0912-345-678');
    await user.type(passwordInput(), 'abc12345');
    await user.click(sendButton());
    await waitFor(() => expect(errorsOf(mobileInput())).toBe('新手機號碼與目前的手機號碼相同'));
    expect(mobileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(updates).toHaveLength(0);
    // Another mobile goes on as usual.
    await user.clear(mobileInput());
    await user.type(mobileInput(), NEW_MOBILE);
    await user.click(sendButton());
    await waitFor(() => expect(updates).toHaveLength(1));
  });

  it('says 此手機號碼已被註冊 for a mobile that is taken, and keeps what was entered', async () => {
    answer('updateMemberMobile', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    const { user, router } = await openChangeMobile();
    await user.type(mobileInput(), NEW_MOBILE);
    await user.type(passwordInput(), 'abc12345');
    await user.click(sendButton());
    expect(await notice()).toHaveTextContent('此手機號碼已被註冊');
    expect(router.state.location.pathname).toBe('/change_member_mobile');
    expect(mobileInput()).toHaveValue(NEW_MOBILE);
    expect(sessionStorage.getItem('member_change_mobile')).toBeNull();
  });

  it.each(['PASSWORD_INCORRECT', 'ACCOUNT_LOCKED', 'SMS_SEND_LIMIT', 'TOKEN_INVALID'] as const)(
    'shows the RM of %s',
    async (rc) => {
      answer('updateMemberMobile', () => reply(rc));
      const { user } = await openChangeMobile();
      await user.type(mobileInput(), NEW_MOBILE);
      await user.type(passwordInput(), 'abc12345');
      await user.click(sendButton());
      expect(await notice()).toHaveTextContent(RC_MESSAGES[rc]);
    },
  );

  it.each([
    ['', 'abc12345', 'mobile', '請輸入手機號碼'],
    ['098765432', 'abc12345', 'mobile', '手機號碼格式錯誤'],
    [NEW_MOBILE, '', 'password', '請輸入密碼'],
    [NEW_MOBILE, 'abc!23', 'password', '密碼須為 6 位以上英文字母或數字'],
  ])('checks "%s" / "%s" on submit: the %s says %s', async (mobile, password, key, message) => {
    const updates = answer('updateMemberMobile', () => reply('C01', {}));
    const { user } = await openChangeMobile();
    if (mobile) await user.type(mobileInput(), mobile);
    if (password) await user.type(passwordInput(), password);
    await user.click(sendButton());
    const input = key === 'mobile' ? mobileInput() : passwordInput();
    await waitFor(() => expect(errorsOf(input)).toBe(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(updates).toHaveLength(0);
  });
});

describe('/verify_member_mobile', () => {
  it('sends the code; on success forgets the new mobile and says 手機號碼變更成功 on the profile', async () => {
    const verifies = answer('memberVerify', () => reply('C01', {}));
    answerProfile({ mobile: NEW_MOBILE, is_verified: true });
    const { user, router } = await openVerifyNewMobile();
    expect(screen.getByRole('heading', { level: 1, name: '驗證新手機號碼' })).toBeInTheDocument();
    expect(screen.getByText('驗證碼已發送至 0987-654-321，請於 10 分鐘內輸入。')).toBeInTheDocument();
    expect(screen.getByLabelText('驗證碼')).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(screen.getByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));

    expect(await notice()).toHaveTextContent('手機號碼變更成功');
    expect(verifies[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(verifies[0]?.params).toEqual({ verify_code: '123456' });
    expect(router.state.location.pathname).toBe('/change_member');
    expect(sessionStorage.getItem('member_change_mobile')).toBeNull();
    expect(await screen.findByRole('link', { name: '變更手機號碼（目前為 0987-654-321）' })).toBeInTheDocument();
  });

  it('leaves no code screen behind a change made: Back from the profile does not say the mobile to verify is lost', async () => {
    answer('updateMemberMobile', () => reply('C01', {}));
    answer('memberVerify', () => reply('C01', {}));
    answerProfile({ mobile: NEW_MOBILE });
    const { user, router } = await openChangeMobile();
    await user.type(mobileInput(), NEW_MOBILE);
    await user.type(passwordInput(), 'abc12345');
    await user.click(sendButton());
    await user.type(await screen.findByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await notice()).toHaveTextContent('手機號碼變更成功');
    await user.click(screen.getByRole('button', { name: '關閉' }));

    router.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/change_member_mobile'));
    expect(await screen.findByText('目前的手機號碼：0987-654-321')).toBeInTheDocument();
    expect(screen.queryByText('找不到要驗證的手機號碼')).not.toBeInTheDocument();
  });

  it('says 此手機號碼已被註冊 when the mobile was taken since, and offers to enter another', async () => {
    answer('memberVerify', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    const { user } = await openVerifyNewMobile();
    await user.type(screen.getByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await notice()).toHaveTextContent('此手機號碼已被註冊');
    expect(screen.getByRole('link', { name: '重新輸入新手機號碼' })).toHaveAttribute('href', '/change_member_mobile');
  });

  it.each(['VERIFY_CODE_INCORRECT', 'VERIFY_CODE_EXPIRED', 'MOBILE_CHANGE_EXPIRED'] as const)(
    'shows the RM of %s and keeps the new mobile',
    async (rc) => {
      answer('memberVerify', () => reply(rc));
      // The account still has its old mobile: the change did expire.
      answerProfile();
      const { user } = await openVerifyNewMobile();
      await user.type(screen.getByLabelText('驗證碼'), '123456');
      await user.click(screen.getByRole('button', { name: '驗證' }));
      expect(await notice()).toHaveTextContent(RC_MESSAGES[rc]);
      expect(sessionStorage.getItem('member_change_mobile')).toBe(NEW_MOBILE);
    },
  );

  it('finds the move made on MOBILE_CHANGE_EXPIRED whatever this tab remembers (an answer lost before a reload)', async () => {
    const verifies = answer('memberVerify', () => reply('MOBILE_CHANGE_EXPIRED'));
    const profiles = answerProfile({ mobile: NEW_MOBILE, is_verified: true });
    const { user, router } = await openVerifyNewMobile();
    await user.type(screen.getByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await notice()).toHaveTextContent('手機號碼變更成功');
    expect(router.state.location.pathname).toBe('/change_member');
    expect(verifies).toHaveLength(1);
    expect(profiles.length).toBeGreaterThan(0);
    expect(sessionStorage.getItem('member_change_mobile')).toBeNull();
  });

  describe('after a try whose answer was lost', () => {
    // The server may have moved the account: the next try then finds no change pending.
    async function verifyLosingTheFirstAnswer(retry: RC) {
      const verifies = answer('memberVerify', () => reply(retry, {}));
      loseNextAnswer('memberVerify');
      const view = await openVerifyNewMobile();
      await verifyTwiceLosingTheFirstAnswer(view.user, '123456');
      return { ...view, verifies };
    }

    it('finds the move made when the profile’s mobile is the new one, and says 手機號碼變更成功', async () => {
      const profiles = answerProfile({ mobile: NEW_MOBILE, is_verified: true });
      const { router, verifies } = await verifyLosingTheFirstAnswer('MOBILE_CHANGE_EXPIRED');
      expect(await notice()).toHaveTextContent('手機號碼變更成功');
      expect(router.state.location.pathname).toBe('/change_member');
      expect(verifies).toHaveLength(1);
      expect(profiles.length).toBeGreaterThan(0);
      expect(sessionStorage.getItem('member_change_mobile')).toBeNull();
    });

    it('says the change expired when the profile still has the old mobile', async () => {
      answerProfile();
      const { router } = await verifyLosingTheFirstAnswer('MOBILE_CHANGE_EXPIRED');
      expect(await notice()).toHaveTextContent(RC_MESSAGES.MOBILE_CHANGE_EXPIRED);
      expect(router.state.location.pathname).toBe('/verify_member_mobile');
      expect(sessionStorage.getItem('member_change_mobile')).toBe(NEW_MOBILE);
    });

    it('shows the refusal as it came when the profile cannot be read', async () => {
      answer('getMemberProfile', () => reply('SYSTEM_ERROR'));
      const { router } = await verifyLosingTheFirstAnswer('MOBILE_CHANGE_EXPIRED');
      expect(await notice()).toHaveTextContent(RC_MESSAGES.MOBILE_CHANGE_EXPIRED);
      expect(router.state.location.pathname).toBe('/verify_member_mobile');
    });

    it('says the network failed when the profile gets no answer either, and asks again on the next try', async () => {
      const profiles = answerProfile({ mobile: NEW_MOBILE, is_verified: true });
      loseNextAnswer('getMemberProfile');
      const { user, router } = await verifyLosingTheFirstAnswer('MOBILE_CHANGE_EXPIRED');
      await closeNetworkNotice(user);
      await user.click(screen.getByRole('button', { name: '驗證' }));
      expect(await notice()).toHaveTextContent('手機號碼變更成功');
      expect(router.state.location.pathname).toBe('/change_member');
      expect(profiles.length).toBeGreaterThan(0);
    });

    it('asks for no profile when the retry answers anything else', async () => {
      await verifyLosingTheFirstAnswer('VERIFY_CODE_INCORRECT');
      expect(await notice()).toHaveTextContent(RC_MESSAGES.VERIFY_CODE_INCORRECT);
    });
  });

  it('checks the code on submit', async () => {
    const verifies = answer('memberVerify', () => reply('C01', {}));
    const { user } = await openVerifyNewMobile();
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await waitFor(() => expect(errorsOf(screen.getByLabelText('驗證碼'))).toBe('請輸入驗證碼'));
    expect(verifies).toHaveLength(0);
  });

  it('resends the code: 驗證碼已重新發送, and the resend then waits its 60 s', async () => {
    const resends = answer('resendMemberVerify', () => reply('C01', {}));
    const { user } = await openVerifyNewMobile();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    expect(await notice()).toHaveTextContent('驗證碼已重新發送');
    expect(resends[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(resends[0]?.params).toEqual({});
    await user.click(screen.getByRole('button', { name: '關閉' }));
    expect(screen.getByRole('button', { name: /^重新發送驗證碼（\d+ 秒）$/ })).toBeDisabled();
  });

  it('shows the RM of a refused resend', async () => {
    answer('resendMemberVerify', () => reply('SMS_SEND_LIMIT'));
    const { user } = await openVerifyNewMobile();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    expect(await notice()).toHaveTextContent(RC_MESSAGES.SMS_SEND_LIMIT);
  });

  it('a resend found too soon after the last keeps the code entry, counts down, and says a code was sent within the minute', async () => {
    answer('resendMemberVerify', () => reply('SMS_RESEND_TOO_SOON'));
    const { user } = await openVerifyNewMobile();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    await expectCodeSentWithinAMinute();
    expect(sessionStorage.getItem('member_change_mobile')).toBe(NEW_MOBILE);
  });

  it('with no profile to tell whose new mobile it is, shows none and keeps it for when there is', async () => {
    signIn();
    sessionStorage.setItem('member_change_mobile', NEW_MOBILE);
    sessionStorage.setItem('member_change_mobile_from', PROFILE.mobile);
    answer('getMemberProfile', () => reply('SYSTEM_ERROR'));
    const first = renderApp('/verify_member_mobile');
    expect(await screen.findByRole('alert')).toHaveTextContent('找不到要驗證的手機號碼');
    expect(sessionStorage.getItem('member_change_mobile')).toBe(NEW_MOBILE);
    first.unmount();

    answerProfile();
    renderApp('/verify_member_mobile');
    expect(await screen.findByText(/驗證碼已發送至 0987-654-321/)).toBeInTheDocument();
  });

  it('without a new mobile to verify, says so and offers to enter one', async () => {
    signIn();
    answerProfile();
    renderApp('/verify_member_mobile');
    expect(await screen.findByRole('alert')).toHaveTextContent('找不到要驗證的手機號碼');
    expect(screen.getByRole('link', { name: '重新輸入新手機號碼' })).toHaveAttribute('href', '/change_member_mobile');
    // One who never meant to change the mobile (brought here by the page kept for someone before) goes back to the profile.
    expect(screen.getByRole('link', { name: '返回基本資料' })).toHaveAttribute('href', '/change_member');
    expect(screen.queryByLabelText('驗證碼')).not.toBeInTheDocument();
  });
});
