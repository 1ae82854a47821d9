import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { encryptValue } from '#protocol/crypto';
import { RC_MESSAGES } from '#protocol/rc';
import { type ApiCall, answer, answerRedirectLocation, decrypted, heldAnswer, reply, urlOf } from './support/api';
import { TEST_CONFIG } from './support/config';
import { errorsOf } from './support/fields';
import { cameFromLine } from './support/line-bind';
import { stubLocationReplace } from './support/location';
import { latestBirthdayInput } from './support/profile';
import { answerRewards, REFEREE_TASK, STEP_ONE, storeStepOne } from './support/register';
import { renderApp } from './support/render-app';
import { closeNetworkNotice, loseNextAnswer } from './support/weak-signal';

const TEMP_TOKEN = 'temp-register-token';
const field = {
  invite: () => screen.getByLabelText('邀請碼'),
  email: () => screen.getByLabelText('電子信箱'),
  birthday: () => screen.getByLabelText('生日'),
};
const registerButton = () => screen.getByRole('button', { name: '註冊' });
const skipButton = () => screen.getByRole('button', { name: '跳過此步驟，直接註冊' });
const notice = () => screen.findByRole('dialog', { name: '提示' });
const setBirthday = (value: string) => {
  fireEvent.change(field.birthday(), { target: { value } });
  fireEvent.blur(field.birthday());
};

async function openStepTwo(url = '/registerSecond') {
  storeStepOne();
  const view = renderApp(url);
  await screen.findByLabelText('邀請碼');
  return view;
}

/** The `register` object of the first call. */
const registerOf = (calls: ApiCall[]) => (calls[0]?.params.register ?? {}) as Record<string, unknown>;

const registered = () => answer('register', () => reply('C01', { temp_access_token: TEMP_TOKEN }));

describe('registration step 2: registering', () => {
  it('sends the spec’s payload, keeps the temp token and goes to step 3', async () => {
    const calls = registered();
    const { user, router } = await openStepTwo();
    await user.click(screen.getByRole('radio', { name: '女' }));
    await user.type(field.email(), 'ming@example.com');
    setBirthday('1990-05-31');
    await user.click(registerButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(sessionStorage.getItem('temp_access_token')).toBe(TEMP_TOKEN);
    const register = registerOf(calls);
    const bind_third_party = calls[0]?.params.bind_third_party;
    expect(decrypted(register.mobile)).toBe(STEP_ONE.mobile);
    expect(decrypted(register.password)).toBe(STEP_ONE.password);
    expect({ ...register, mobile: undefined, password: undefined }).toEqual({
      name: '王小明',
      gender: 'F',
      birthday: '1990/05/31',
      email: 'ming@example.com',
      security_question: 'sq06',
      security_answer: '王小明',
      referrer_code: '',
    });
    expect(bind_third_party).toBeUndefined();
  });

  it('sends null for an empty email and birthday', async () => {
    const calls = registered();
    const { user } = await openStepTwo();
    await user.click(screen.getByRole('radio', { name: '不透露' }));
    await user.click(registerButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    const register = registerOf(calls);
    expect(register).toMatchObject({ gender: 'S', email: null, birthday: null, referrer_code: '' });
  });

  it('adds the stored LINE verify data', async () => {
    const bind = { source: 'LineMultiOA', verify_data: { line_token: 'line-token-1', line_token_source: 'cyberbiz' } };
    cameFromLine(bind);
    const calls = registered();
    const { user } = await openStepTwo();
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.params.bind_third_party).toEqual(bind);
  });

  it('skips with only step 1’s data when the invite code box is empty', async () => {
    const calls = registered();
    const { user, router } = await openStepTwo();
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.type(field.email(), 'ming@example.com');
    setBirthday('1990-05-31');
    await user.click(skipButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    const register = registerOf(calls);
    expect(register).toMatchObject({
      name: '王小明',
      gender: null,
      birthday: null,
      email: null,
      security_question: 'sq06',
      security_answer: '王小明',
      referrer_code: '',
    });
  });

  it('shows the RM when register answers another RC, and stays', async () => {
    answer('register', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    const { user, router } = await openStepTwo();
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());
    expect(await notice()).toHaveTextContent('此手機號碼已註冊');
    expect(router.state.location.pathname).toBe('/registerSecond');
    expect(sessionStorage.getItem('temp_access_token')).toBeNull();
  });

  it('tells the member to try later when the SMS budget refuses, and keeps what was entered', async () => {
    answer('register', () => reply('SMS_SEND_LIMIT'));
    const { user, router } = await openStepTwo();
    await user.click(screen.getByRole('radio', { name: '女' }));
    await user.type(field.email(), 'ming@example.com');
    await user.click(registerButton());
    expect(await notice()).toHaveTextContent(RC_MESSAGES.SMS_SEND_LIMIT);
    expect(RC_MESSAGES.SMS_SEND_LIMIT).toContain('請稍後再試');
    expect(router.state.location.pathname).toBe('/registerSecond');
    expect(screen.getByRole('radio', { name: '女' })).toBeChecked();
    expect(field.email()).toHaveValue('ming@example.com');
  });

  it('keeps the loading modal up and the buttons waiting until step 3 shows, so one press is one call', async () => {
    const { held: answered, release: answerNow } = heldAnswer();
    const calls = answer('register', async () => {
      await answered;
      return reply('C01', { temp_access_token: TEMP_TOKEN });
    });
    const { user, router } = await openStepTwo();
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());
    await waitFor(() => expect(registerButton()).toBeDisabled());
    expect(skipButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('載入中...');

    answerNow();
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(calls).toHaveLength(1);
  });

  it('sends a visitor without step 1 back to step 1', async () => {
    answer('briefTerm', () => reply('C01', { terms: [] }));
    const { router } = renderApp('/registerSecond');
    expect(await screen.findByLabelText('手機號碼')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registerFirst');
  });
});

describe('registration step 2 when the answer to registering was lost', () => {
  // The server may have registered the member: the next try then finds the mobile taken (by the
  // member's own registration, which holds it for 30 minutes), and the temp token is gone with
  // the lost answer. Step 1's mobile and password sign in to that registration instead.
  const MEMBER_TOKEN = 'new-member-token';

  async function registerLosingTheFirstAnswer(afterwards: 'register' | 'registerCheck', invite = '') {
    const calls = answer('register', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    loseNextAnswer('register');
    const checks = answer('registerCheck', () =>
      reply(afterwards === 'registerCheck' ? 'MEMBER_MOBILE_IS_REPEAT' : 'C01', {}),
    );
    const view = await openStepTwo();
    await view.user.click(screen.getByRole('radio', { name: '男' }));
    await view.user.click(registerButton());
    await closeNetworkNotice(view.user);
    if (invite) await view.user.type(field.invite(), invite);
    await view.user.click(registerButton());
    return { ...view, calls, checks };
  }

  it('signs in and welcomes the member when registering again finds the mobile taken', async () => {
    const logins = answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: '/change_member' }));
    stubLocationReplace();
    const { calls } = await registerLosingTheFirstAnswer('register');
    expect(await screen.findByRole('dialog', { name: '註冊成功' })).toHaveTextContent('將自動為您導向會員頁面…');
    expect(calls).toHaveLength(1);
    expect(decrypted(logins[0]?.params.account)).toBe(STEP_ONE.mobile);
    expect(decrypted(logins[0]?.params.password)).toBe(STEP_ONE.password);
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
    for (const key of ['register1', 'register2', 'temp_access_token']) expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('does the same when an invite code’s check finds the mobile taken', async () => {
    answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: '/change_member' }));
    stubLocationReplace();
    await registerLosingTheFirstAnswer('registerCheck', 'abcd1234');
    expect(await screen.findByRole('dialog', { name: '註冊成功' })).toBeInTheDocument();
  });

  it('says the mobile is taken when step 1’s password does not sign in to it', async () => {
    answer('login', () => reply('PASSWORD_INCORRECT'));
    await registerLosingTheFirstAnswer('register');
    expect(await notice()).toHaveTextContent(RC_MESSAGES.MEMBER_MOBILE_IS_REPEAT);
    expect(localStorage.getItem('memberAuth')).toBeNull();
    expect(sessionStorage.getItem('register1')).not.toBeNull();
  });

  it('signs in the same after a reload, the lost answer kept in the tab', async () => {
    answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: '/change_member' }));
    stubLocationReplace();
    const calls = answer('register', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    loseNextAnswer('register');
    const first = await openStepTwo();
    await first.user.click(screen.getByRole('radio', { name: '男' }));
    await first.user.click(registerButton());
    await closeNetworkNotice(first.user);
    first.unmount();

    const { user } = renderApp('/registerSecond');
    await screen.findByLabelText('邀請碼');
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());
    expect(await screen.findByRole('dialog', { name: '註冊成功' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
  });

  it('makes no sign-in for a taken mobile when no answer was lost before', async () => {
    answer('register', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    const { user } = await openStepTwo();
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());
    expect(await notice()).toHaveTextContent(RC_MESSAGES.MEMBER_MOBILE_IS_REPEAT);
  });
});

describe('registration step 2: fields and messages', () => {
  it('offers 男, 女 and 不透露, the friend-invite link and the way back', async () => {
    await openStepTwo();
    const gender = screen.getByRole('group', { name: '性別' });
    expect(
      within(gender)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['M', 'F', 'S']);
    expect(screen.getByRole('link', { name: '邀請好友有禮' })).toHaveAttribute('href', '/recommend');
    expect(screen.getByRole('link', { name: '上一步' })).toHaveAttribute('href', '/registerFirst');
  });

  it('requires a gender', async () => {
    const { user } = await openStepTwo();
    await user.click(registerButton());
    const group = screen.getByRole('group', { name: '性別' });
    await waitFor(() => expect(errorsOf(group)).toBe('請選擇性別'));
    expect(within(group).getAllByRole('radio')[0]).toHaveAttribute('aria-invalid', 'true');
  });

  it.each(['ming@', 'ming@example', 'ming@example.c', 'ming example@x.com'])(
    'says 格式錯誤 for the email %s',
    async (email) => {
      const { user } = await openStepTwo();
      await user.type(field.email(), email);
      await user.tab();
      await waitFor(() => expect(errorsOf(field.email())).toBe('格式錯誤'));
    },
  );

  it('limits the birthday picker to 12 years back and refuses a later date', async () => {
    await openStepTwo();
    expect(field.birthday()).toHaveAttribute('type', 'date');
    expect(field.birthday()).toHaveAttribute('max', latestBirthdayInput());
    setBirthday(latestBirthdayInput());
    await waitFor(() => expect(field.birthday()).not.toHaveAttribute('aria-invalid'));
    setBirthday(latestBirthdayInput(1));
    await waitFor(() => expect(errorsOf(field.birthday())).toBe('生日須為 12 年前（含）以前的日期'));
  });

  // 18:00 UTC is 02:00 of the next day in Taipei, 10:00 UTC 18:00 of the same day: eight hours
  // apart, the phone and the server count the 12 years from different days.
  it.each([
    { phone: 'ahead', phoneTime: '2025-03-10T18:00:00Z', serverAhead: -8, twelfthBirthday: '2013-03-10' },
    { phone: 'behind', phoneTime: '2025-03-10T10:00:00Z', serverAhead: 8, twelfthBirthday: '2013-03-11' },
  ])('counts the 12 years from the server’s day when the phone’s clock is 8 h $phone', async (clock) => {
    vi.useFakeTimers({ now: new Date(clock.phoneTime), toFake: ['Date'] });
    sessionStorage.setItem('server_clock_ahead_ms', JSON.stringify(clock.serverAhead * 60 * 60 * 1000));
    await openStepTwo();
    expect(field.birthday()).toHaveAttribute('max', clock.twelfthBirthday);
    setBirthday(clock.twelfthBirthday);
    await waitFor(() => expect(field.birthday()).not.toHaveAttribute('aria-invalid'));
    const [year, month, day] = clock.twelfthBirthday.split('-').map(Number) as [number, number, number];
    setBirthday(new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10));
    await waitFor(() => expect(errorsOf(field.birthday())).toBe('生日須為 12 年前（含）以前的日期'));
  });

  it('keeps what was entered in register2 and restores it', async () => {
    const first = await openStepTwo();
    await first.user.type(field.invite(), 'AB 12');
    await first.user.click(screen.getByRole('radio', { name: '女' }));
    await first.user.type(field.email(), 'ming@example.com');
    setBirthday('1990-05-31');
    expect(JSON.parse(sessionStorage.getItem('register2') ?? '{}')).toEqual({
      referrer_code: 'AB 12',
      gender: 'F',
      email: 'ming@example.com',
      birthday: '1990-05-31',
    });
    first.unmount();

    renderApp('/registerSecond');
    expect(await screen.findByLabelText('邀請碼')).toHaveValue('AB 12');
    expect(screen.getByRole('radio', { name: '女' })).toBeChecked();
    expect(field.email()).toHaveValue('ming@example.com');
    expect(field.birthday()).toHaveValue('1990-05-31');
  });

  it('fills the invite code from a staff share link', async () => {
    await openStepTwo('/registerSecond?referrer_code=XY%2012%2034');
    expect(field.invite()).toHaveValue('XY1234');
  });
});

describe('registration step 2: an invite code', () => {
  it('is checked without whitespace, shows the rewards, and registers on confirm', async () => {
    const checks = answer('registerCheck', () => reply('C01', {}));
    const rewards = answerRewards();
    const calls = registered();
    const { user, router } = await openStepTwo();
    await user.type(field.invite(), ' ab cd 12 34 ');
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());

    const dialog = await screen.findByRole('dialog', { name: '邀請好友獎勵' });
    expect(checks[0]?.params.referrer_code).toBe('abcd1234');
    expect(decrypted(checks[0]?.params.mobile)).toBe(STEP_ONE.mobile);
    expect(decrypted(checks[0]?.params.password)).toBe(STEP_ONE.password);
    const cards = await within(dialog).findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('優惠券');
    expect(cards[0]).toHaveTextContent('全館 9 折券');
    expect(cards[0]).toHaveTextContent('1 張・領取後 30 天內有效');
    expect(cards[0]).toHaveTextContent('適用品牌好日子麵包山海咖啡');
    expect(cards[1]).toHaveTextContent('會員紅利點數');
    expect(cards[1]).toHaveTextContent('200 點');
    expect(cards[1]).toHaveTextContent('點數效期至 2026/12/31');
    expect(dialog).toHaveTextContent('好友首購禮');
    expect(rewards.tasks[0]?.params).toEqual({ task_type: 'referee_first_purchase', full_info: true });
    expect(rewards.coupons[0]?.params).toEqual({ coupon_ids: ['C100'] });
    expect(rewards.points[0]?.params).toEqual({ point_id: 'P1', full_info: false });
    expect(rewards.brands[0]?.params).toEqual({ brand_ids: ['B1', 'B2'] });
    expect(calls).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: '確認並註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(registerOf(calls).referrer_code).toBe('abcd1234');
  });

  it('shows the RM of REFERRER_CODE_INVALID and does not register', async () => {
    answer('registerCheck', () => reply('REFERRER_CODE_INVALID'));
    const { user } = await openStepTwo();
    await user.type(field.invite(), 'NOPE0000');
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());
    expect(await notice()).toHaveTextContent('邀請碼不存在');
    expect(screen.queryByRole('dialog', { name: '邀請好友獎勵' })).not.toBeInTheDocument();
  });

  it('closes the reward modal with 返回修改 without registering', async () => {
    answer('registerCheck', () => reply('C01', {}));
    answerRewards();
    const { user, router } = await openStepTwo();
    await user.type(field.invite(), 'ABCD2345');
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());
    const dialog = await screen.findByRole('dialog', { name: '邀請好友獎勵' });
    await user.click(within(dialog).getByRole('button', { name: '返回修改' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registerSecond');
  });

  it('promises no rewards of a mission that is over, and still lets the member register', async () => {
    answer('registerCheck', () => reply('C01', {}));
    const ended = { ...REFEREE_TASK, start_datetime: '2025/01/01 00:00:00', end_datetime: '2025/12/31 23:59:59' };
    const rewards = answerRewards(ended);
    const calls = registered();
    const { user, router } = await openStepTwo();
    await user.type(field.invite(), 'ABCD2345');
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());
    const dialog = await screen.findByRole('dialog', { name: '邀請好友獎勵' });
    expect(await within(dialog).findByText('暫時無法載入獎勵內容，您仍可繼續完成註冊。')).toBeInTheDocument();
    expect(within(dialog).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(dialog).queryByText(REFEREE_TASK.title)).not.toBeInTheDocument();
    expect(rewards.coupons).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '確認並註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(calls).toHaveLength(1);
  });

  it('still lets the member register when the rewards cannot be loaded', async () => {
    answer('registerCheck', () => reply('C01', {}));
    answer('taskInformation', () => reply('SYSTEM_ERROR'));
    const calls = registered();
    const { user, router } = await openStepTwo();
    await user.type(field.invite(), 'ABCD2345');
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());
    const dialog = await screen.findByRole('dialog', { name: '邀請好友獎勵' });
    expect(await within(dialog).findByText('暫時無法載入獎勵內容，您仍可繼續完成註冊。')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '確認並註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(calls).toHaveLength(1);
  });
});

describe('registration step 2: skipping keeps a friend’s invite code', () => {
  // Skipping leaves out the optional details, not the code a friend's link (or the member) put
  // in the box: it is checked and previewed as 註冊 does, and goes with the registration.
  it('checks the code from the link, shows the rewards, and registers with it and step 1 only', async () => {
    const checks = answer('registerCheck', () => reply('C01', {}));
    answerRewards();
    const calls = registered();
    const { user, router } = await openStepTwo('/registerSecond?referrer_code=TX2AHE8F');
    expect(field.invite()).toHaveValue('TX2AHE8F');
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.type(field.email(), 'ming@example.com');
    await user.click(skipButton());

    const dialog = await screen.findByRole('dialog', { name: '邀請好友獎勵' });
    expect(checks).toHaveLength(1);
    expect(checks[0]?.params.referrer_code).toBe('TX2AHE8F');
    expect(decrypted(checks[0]?.params.mobile)).toBe(STEP_ONE.mobile);
    expect(decrypted(checks[0]?.params.password)).toBe(STEP_ONE.password);
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(2);
    expect(calls).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: '確認並註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(calls).toHaveLength(1);
    expect(registerOf(calls)).toMatchObject({ gender: null, email: null, birthday: null, referrer_code: 'TX2AHE8F' });
  });

  it('sends a typed code without its whitespace', async () => {
    const checks = answer('registerCheck', () => reply('C01', {}));
    answerRewards();
    const calls = registered();
    const { user, router } = await openStepTwo();
    await user.type(field.invite(), ' ab cd 12 34 ');
    await user.click(skipButton());
    const dialog = await screen.findByRole('dialog', { name: '邀請好友獎勵' });
    expect(checks[0]?.params.referrer_code).toBe('abcd1234');
    await user.click(within(dialog).getByRole('button', { name: '確認並註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(registerOf(calls).referrer_code).toBe('abcd1234');
  });

  it('shows REFERRER_CODE_INVALID as 註冊 does, keeps what was typed, and skips once the code is cleared', async () => {
    const checks = answer('registerCheck', () => reply('REFERRER_CODE_INVALID'));
    const calls = registered();
    const { user, router } = await openStepTwo();
    await user.type(field.invite(), 'NOPE0000');
    await user.click(screen.getByRole('radio', { name: '女' }));
    await user.type(field.email(), 'ming@example.com');
    await user.click(skipButton());

    const dialog = await notice();
    expect(dialog).toHaveTextContent('邀請碼不存在');
    expect(checks[0]?.params.referrer_code).toBe('NOPE0000');
    expect(screen.queryByRole('dialog', { name: '邀請好友獎勵' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(calls).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/registerSecond');
    expect(field.invite()).toHaveValue('NOPE0000');
    expect(screen.getByRole('radio', { name: '女' })).toBeChecked();
    expect(field.email()).toHaveValue('ming@example.com');

    await user.clear(field.invite());
    await user.click(skipButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(checks).toHaveLength(1);
    expect(registerOf(calls)).toMatchObject({ gender: null, email: null, referrer_code: '' });
  });

  it('says what is wrong with a code of the wrong form, and sends nothing', async () => {
    const { user, router } = await openStepTwo();
    await user.type(field.invite(), 'A'.repeat(33));
    await user.click(skipButton());
    await waitFor(() => expect(errorsOf(field.invite())).toBe('邀請碼格式錯誤'));
    expect(field.invite()).toHaveAttribute('aria-invalid', 'true');
    expect(field.invite()).toHaveFocus();
    expect(router.state.location.pathname).toBe('/registerSecond');
  });

  it('closes the reward preview with 返回修改 without registering', async () => {
    answer('registerCheck', () => reply('C01', {}));
    answerRewards();
    const calls = registered();
    const { user, router } = await openStepTwo('/registerSecond?referrer_code=TX2AHE8F');
    await user.click(skipButton());
    const dialog = await screen.findByRole('dialog', { name: '邀請好友獎勵' });
    await user.click(within(dialog).getByRole('button', { name: '返回修改' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registerSecond');
    expect(field.invite()).toHaveValue('TX2AHE8F');
    expect(calls).toHaveLength(0);
  });
});

describe('registration step 2: a link with third-party CRM data in its hash', () => {
  const crmData = (data: object) => encryptValue(TEST_CONFIG.aesKey, JSON.stringify(data));

  it('registers with register_with_third_party_crm_data, passing the data on as it came', async () => {
    const data = crmData({ ec_member_id: 'EC-778' });
    const calls = answer('registerWithThirdPartyCrmData', () => reply('C01', { temp_access_token: TEMP_TOKEN }));
    const { user, router } = await openStepTwo(`/registerSecond#${encodeURIComponent(data)}`);
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(registerButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(calls[0]?.params.third_party_crm_data).toBe(data);
    const register = registerOf(calls);
    expect(decrypted(register.mobile)).toBe(STEP_ONE.mobile);
    expect(register).toMatchObject({ name: '王小明', gender: 'M', security_question: 'sq06' });
    expect(sessionStorage.getItem('temp_access_token')).toBe(TEMP_TOKEN);
  });

  it('shows the RM and, as the spec says, the RC itself when it fails', async () => {
    answer('registerWithThirdPartyCrmData', () => reply('SMS_SEND_LIMIT'));
    const { user } = await openStepTwo(`/registerSecond#${encodeURIComponent(crmData({ ec_member_id: 'EC-1' }))}`);
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(skipButton());
    const dialog = await notice();
    expect(dialog).toHaveTextContent(RC_MESSAGES.SMS_SEND_LIMIT);
    expect(dialog).toHaveTextContent('SMS_SEND_LIMIT');
  });

  it('fills the empty fields from the link, each the member’s to change, and takes the data out of the address', async () => {
    const data = crmData({ mobile: '0987654321', name: '陳美玲', gender: 'F', birthday: '1985/03/09' });
    answer('briefTerm', () => reply('C01', { terms: [] }));
    const first = renderApp(`/registerFirst?referrer_code=TX2AHE8F#${encodeURIComponent(data)}`);
    expect(await screen.findByLabelText('手機號碼')).toHaveValue('0987654321');
    expect(screen.getByLabelText('姓名')).toHaveValue('陳美玲');
    // Kept for registering, but no longer in the address: not in the history, nor in a copied link.
    expect(window.location.hash).toBe('');
    expect(first.router.state.location.hash).toBe('');
    expect(window.location.search).toBe('?referrer_code=TX2AHE8F');
    expect(JSON.parse(sessionStorage.getItem('check3rdCrmData') ?? '{}').third_party_crm_data).toBe(data);
    first.unmount();

    storeStepOne({ mobile: '0987654321', name: '陳美玲' });
    renderApp('/registerSecond');
    expect(await screen.findByLabelText('生日')).toHaveValue('1985-03-09');
    expect(screen.getByRole('radio', { name: '女' })).toBeChecked();
  });

  it('never writes over what the member typed before the link was opened', async () => {
    storeStepOne({ mobile: '0911222333', name: '林小芬' });
    sessionStorage.setItem(
      'register2',
      JSON.stringify({ referrer_code: '', gender: 'M', email: 'fen@example.com', birthday: '1999-09-09' }),
    );
    const data = crmData({
      mobile: '0987654321',
      name: '陳美玲',
      gender: 'F',
      email: 'x@example.com',
      birthday: '1985/03/09',
    });
    renderApp(`/registerSecond#${encodeURIComponent(data)}`);
    expect(await screen.findByLabelText('生日')).toHaveValue('1999-09-09');
    expect(screen.getByLabelText('電子信箱')).toHaveValue('fen@example.com');
    expect(screen.getByRole('radio', { name: '男' })).toBeChecked();
  });
});
