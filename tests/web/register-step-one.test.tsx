import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answer, decrypted, heldAnswer, reply, urlOf } from './support/api';
import { errorsOf } from './support/fields';
import {
  agreeAllTerms,
  agreeTerm,
  answerTerms,
  carryTermsInPage,
  fillStepOne,
  nextButton,
  STEP_ONE,
  stepOneField,
  TERMS,
  termBox,
} from './support/register';
import { renderApp } from './support/render-app';
import { server } from './support/server';

describe('registration step 1: moving on', () => {
  it('goes to step 2 after register_check answers C01, with mobile and password encrypted', async () => {
    answerTerms();
    const checks = answer('registerCheck', () => reply('C01', {}));
    const { user, router } = renderApp('/registerFirst');
    expect(await screen.findByRole('heading', { name: '會員註冊：基本資料' })).toBeInTheDocument();
    await fillStepOne(user);
    await agreeAllTerms(user);
    await user.click(nextButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/registerSecond'));
    expect(checks).toHaveLength(1);
    expect(decrypted(checks[0]?.params.mobile)).toBe(STEP_ONE.mobile);
    expect(decrypted(checks[0]?.params.password)).toBe(STEP_ONE.password);
    expect(checks[0]?.params.referrer_code).toBeUndefined();
    expect(JSON.parse(sessionStorage.getItem('register1') ?? '{}')).toEqual({
      ...STEP_ONE,
      agreed_terms: TERMS.map((term) => term.id),
    });
  });

  it('keeps the password rule under the password field while the member types, and with its message', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    const password = await screen.findByLabelText('密碼');
    expect(password).toHaveAccessibleDescription('請設定 6 位以上、含英文字母與數字的密碼');
    await user.type(password, 'abcdef');
    await user.click(nextButton());
    expect(await screen.findByText('密碼須為 6 位以上英文字母與數字組合')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(
      '密碼須為 6 位以上英文字母與數字組合 請設定 6 位以上、含英文字母與數字的密碼',
    );
  });

  /** Step 1 filled with a mobile that is already a member's, and 下一步: the notice that says so. */
  async function registerAMemberAgain() {
    answerTerms();
    answer('registerCheck', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    const view = renderApp('/registerFirst');
    await fillStepOne(view.user);
    await agreeAllTerms(view.user);
    await view.user.click(nextButton());
    return { ...view, dialog: await screen.findByRole('dialog', { name: '提示' }) };
  }

  it('says the member already exists for MEMBER_MOBILE_IS_REPEAT and stays', async () => {
    const { dialog, router } = await registerAMemberAgain();
    expect(dialog).toHaveTextContent('會員已存在，無法註冊');
    expect(within(dialog).getByRole('button', { name: '關閉' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registerFirst');
  });

  it('offers the member who already exists the way to log in, with the mobile they typed', async () => {
    const { dialog, user, router } = await registerAMemberAgain();
    await user.click(within(dialog).getByRole('link', { name: '前往登入' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('帳號')).toHaveValue(STEP_ONE.mobile);
    expect(screen.getByLabelText('密碼', { selector: 'input' })).toHaveValue('');
    // Not in the address, where it would stay in the history and the server's logs.
    expect(router.state.location.href).toBe('/login');
  });

  it('offers the member who already exists the way to a forgotten password, with the mobile they typed', async () => {
    const { dialog, user, router } = await registerAMemberAgain();
    await user.click(within(dialog).getByRole('link', { name: '忘記密碼' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/forgotPassword'));
    expect(await screen.findByLabelText('手機號碼')).toHaveValue(STEP_ONE.mobile);
    expect(router.state.location.href).toBe('/forgotPassword');
  });

  it('shows the server’s RM for any other RC', async () => {
    answerTerms();
    answer('registerCheck', () => reply('RATE_LIMITED', undefined, '請求過於頻繁，請稍後再試'));
    const { user } = renderApp('/registerFirst');
    await fillStepOne(user);
    await agreeAllTerms(user);
    await user.click(nextButton());
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('請求過於頻繁，請稍後再試');
  });

  it('shows the system-busy message when the call fails', async () => {
    answerTerms();
    server.use(http.post(urlOf('registerCheck'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const { user } = renderApp('/registerFirst');
    await fillStepOne(user);
    await agreeAllTerms(user);
    await user.click(nextButton());
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('系統忙碌中，請稍後再試');
  });

  it('says the network is unstable when the call gets no answer', async () => {
    answerTerms();
    server.use(http.post(urlOf('registerCheck'), () => HttpResponse.error()));
    const { user } = renderApp('/registerFirst');
    await fillStepOne(user);
    await agreeAllTerms(user);
    await user.click(nextButton());
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent(
      '網路連線不穩定，請確認連線後再試一次',
    );
  });
});

describe('registration step 1: the next button', () => {
  it('stays pressable, and goes on only when every field is filled and valid and every term agreed', async () => {
    answerTerms();
    const checks = answer('registerCheck', () => reply('C01', {}));
    const { user, router } = renderApp('/registerFirst');
    await screen.findByLabelText('手機號碼');
    expect(nextButton()).toBeEnabled();

    await fillStepOne(user);
    await agreeTerm(user, TERMS[0]?.title ?? '');
    await user.click(nextButton());
    expect(await screen.findByText('請閱讀並同意所有會員條款')).toBeInTheDocument();
    await agreeTerm(user, TERMS[1]?.title ?? '');
    expect(screen.queryByText('請閱讀並同意所有會員條款')).not.toBeInTheDocument();

    await user.clear(stepOneField.name());
    await user.type(stepOneField.name(), '王(小)明');
    await user.click(nextButton());
    await waitFor(() => expect(errorsOf(stepOneField.name())).toBe('姓名不可包含特殊字元'));
    expect(stepOneField.name()).toHaveFocus();
    await user.clear(stepOneField.name());
    await user.type(stepOneField.name(), '王小明');
    await waitFor(() => expect(stepOneField.name()).not.toHaveAttribute('aria-invalid'));
    expect(checks).toHaveLength(0);

    await user.click(nextButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerSecond'));
    expect(checks).toHaveLength(1);
  });

  it('does not go on when the terms cannot be loaded, and the terms can be asked again', async () => {
    answer('briefTerm', () => reply('SYSTEM_ERROR', undefined, '條款載入失敗'));
    const checks = answer('registerCheck', () => reply('C01', {}));
    const { user, router } = renderApp('/registerFirst');
    await fillStepOne(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('條款載入失敗');
    await user.click(nextButton());
    expect(await screen.findByText('請閱讀並同意所有會員條款')).toBeInTheDocument();
    expect(checks).toHaveLength(0);

    answerTerms();
    await user.click(screen.getByRole('button', { name: '重新載入條款' }));
    expect(await termBox(TERMS[0]?.title ?? '')).not.toBeChecked();
    await agreeAllTerms(user);
    await user.click(nextButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerSecond'));
  });

  it('asks for the terms again when the member comes back after they failed', async () => {
    answer('briefTerm', () => reply('SYSTEM_ERROR', undefined, '條款載入失敗'));
    const { router } = renderApp('/registerFirst');
    expect(await screen.findByRole('alert')).toHaveTextContent('條款載入失敗');

    const calls = answerTerms();
    await router.navigate({ to: '/registerFinal' });
    await router.navigate({ to: '/registerFirst' });
    expect(await termBox(TERMS[0]?.title ?? '')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('takes typing while the terms load, holds the member at the terms until they are agreed, then goes on', async () => {
    const { held: termsHeld, release: releaseTerms } = heldAnswer();
    answer('briefTerm', async () => {
      await termsHeld;
      return reply('C01', { terms: [{ type: 'register', terms: TERMS }] });
    });
    const checks = answer('registerCheck', () => reply('C01', {}));
    const { user, router } = renderApp('/registerFirst');
    await fillStepOne(user);
    const terms = screen.getByRole('group', { name: '會員條款' });
    expect(terms).toHaveAttribute('aria-busy', 'true');
    expect(within(terms).getByRole('status')).toHaveTextContent('條款載入中…');

    await user.click(nextButton());
    expect(await screen.findByText('請閱讀並同意所有會員條款')).toBeInTheDocument();
    expect(terms).toHaveFocus();
    expect(terms).toHaveAccessibleDescription('請閱讀並同意所有會員條款');
    expect(checks).toHaveLength(0);

    releaseTerms();
    expect(await termBox(TERMS[0]?.title ?? '')).not.toBeChecked();
    expect(terms).not.toHaveAttribute('aria-busy');
    await agreeAllTerms(user);
    await user.click(nextButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerSecond'));
    expect(decrypted(checks[0]?.params.mobile)).toBe(STEP_ONE.mobile);
  });

  it('asks brief_term for the register type and lists only those terms', async () => {
    const calls = answerTerms();
    renderApp('/registerFirst');
    expect(await termBox('會員服務條款')).toBeInTheDocument();
    expect(await termBox('隱私權政策')).toBeInTheDocument();
    expect(screen.queryByText(/其他條款/)).not.toBeInTheDocument();
    expect(calls[0]?.params).toEqual({ type: ['register'] });
  });
});

describe('registration step 1: terms the page carries', () => {
  it('lists them as the screen first shows, with no call of its own, and goes on to step 2', async () => {
    carryTermsInPage();
    const checks = answer('registerCheck', () => reply('C01', {}));
    const { user, router } = renderApp('/registerFirst');
    await screen.findByRole('heading', { name: '會員註冊：基本資料' });
    // In the first render: no loading place held for them.
    const group = screen.getByRole('group', { name: '會員條款' });
    expect(group).not.toHaveAttribute('aria-busy');
    expect(within(group).queryByRole('status')).not.toBeInTheDocument();
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    await fillStepOne(user);
    await agreeAllTerms(user);
    await user.click(nextButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerSecond'));
    expect(checks).toHaveLength(1);
  });

  it('takes them from the page once: after five minutes away the screen asks brief_term', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    carryTermsInPage([{ id: 'old', title: '舊版條款', content: '<p>舊</p>' }]);
    const { router } = renderApp('/registerFirst');
    expect(await termBox('舊版條款')).toBeInTheDocument();

    const calls = answerTerms();
    await router.navigate({ to: '/login' });
    vi.advanceTimersByTime(5 * 60_000 + 1);
    await router.navigate({ to: '/registerFirst' });
    expect(await termBox(TERMS[0]?.title ?? '')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    vi.useRealTimers();
  });

  it('asks brief_term when what the page carries is not its answer', async () => {
    for (const raw of ['{"terms": [', '{"terms": [{"type": "register"}]}', '[]']) {
      carryTermsInPage(undefined, raw);
      const calls = answerTerms();
      const { unmount } = renderApp('/registerFirst');
      expect(await termBox(TERMS[1]?.title ?? ''), raw).toBeInTheDocument();
      expect(calls, raw).toHaveLength(1);
      unmount();
    }
  });
});

describe('registration step 1: validation messages', () => {
  it.each([
    ['mobile', '', '請輸入手機號碼'],
    ['mobile', '09123', '手機號碼格式錯誤'],
    ['mobile', '09123456ab', '手機號碼格式錯誤'],
    ['name', '', '請輸入姓名'],
    ['name', '   ', '請輸入姓名'],
    ['name', '王<小明>', '姓名不可包含特殊字元'],
    ['name', '王;小明', '姓名不可包含特殊字元'],
    ['name', '王'.repeat(51), '姓名最多 50 個字'],
    ['password', '', '請輸入密碼'],
    ['password', 'abcdef', '密碼須為 6 位以上英文字母與數字組合'],
    ['password', '123456', '密碼須為 6 位以上英文字母與數字組合'],
    ['password', 'abc12', '密碼須為 6 位以上英文字母與數字組合'],
    ['password', 'abc 123', '密碼須為 6 位以上英文字母與數字組合'],
    ['confirm', '', '請再次輸入密碼'],
  ] as const)('%s "%s" shows 「%s」 once the field is left', async (field, value, message) => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    await screen.findByLabelText('手機號碼');
    const input = stepOneField[field]();
    await user.click(input);
    if (value) await user.type(input, value);
    await user.tab();
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(errorsOf(input)).toBe(message);
  });

  it('says the two passwords do not match, and checks again when the password changes', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    await fillStepOne(user, { ...STEP_ONE, confirm: '' });
    await user.type(stepOneField.confirm(), 'abc124');
    await user.tab();
    await waitFor(() => expect(errorsOf(stepOneField.confirm())).toBe('兩次輸入的密碼不一致'));

    await user.clear(stepOneField.password());
    await user.type(stepOneField.password(), 'abc124');
    await waitFor(() => expect(stepOneField.confirm()).not.toHaveAttribute('aria-invalid'));

    await user.type(stepOneField.password(), '5');
    await waitFor(() => expect(errorsOf(stepOneField.confirm())).toBe('兩次輸入的密碼不一致'));
  });

  it('does not judge the confirmation before it was touched', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    await fillStepOne(user, { ...STEP_ONE, confirm: '' });
    await user.type(stepOneField.password(), '4');
    await user.tab();
    expect(stepOneField.confirm()).not.toHaveAttribute('aria-invalid');
  });
});

describe('registration step 1: session storage', () => {
  it('keeps what was typed and the agreed terms, and restores them on return', async () => {
    answerTerms();
    const first = renderApp('/registerFirst');
    await fillStepOne(first.user);
    await agreeTerm(first.user, '會員服務條款');
    expect(JSON.parse(sessionStorage.getItem('register1') ?? '{}')).toEqual({
      ...STEP_ONE,
      agreed_terms: ['member-terms'],
    });
    first.unmount();

    const { user } = renderApp('/registerFirst');
    expect(await screen.findByLabelText('手機號碼')).toHaveValue(STEP_ONE.mobile);
    expect(stepOneField.name()).toHaveValue(STEP_ONE.name);
    expect(stepOneField.password()).toHaveValue(STEP_ONE.password);
    expect(stepOneField.confirm()).toHaveValue(STEP_ONE.confirm);
    expect(await termBox('會員服務條款')).toBeChecked();
    expect(await termBox('隱私權政策')).not.toBeChecked();
    await agreeTerm(user, '隱私權政策');
    expect(await termBox('隱私權政策')).toBeChecked();
  });
});

describe('registration step 1: a mobile carried from another screen', () => {
  it('registers the mobile the screen showed and checked, not the one typed here before', async () => {
    answerTerms();
    const checks = answer('registerCheck', () => reply('C01', {}));
    const first = renderApp('/registerFirst');
    await fillStepOne(first.user);
    await agreeAllTerms(first.user);
    first.unmount();

    // Corrected on 忘記密碼, found to be no member's, and brought back to registration.
    const { user, router } = renderApp('/forgotPassword');
    await screen.findByRole('heading', { level: 1 });
    await router.navigate({ to: '/registerFirst', state: { mobile: '0922333444' } });
    expect(await screen.findByLabelText('手機號碼')).toHaveValue('0922333444');
    await user.click(nextButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/registerSecond'));
    expect(decrypted(checks[0]?.params.mobile)).toBe('0922333444');
    expect(JSON.parse(sessionStorage.getItem('register1') ?? '{}')).toMatchObject({ mobile: '0922333444' });
  });
});

describe('registration step 1: a term’s modal', () => {
  it('shows the title and scrollable content, keeps focus inside, and checks the term when agreed', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    const box = await termBox('會員服務條款');
    expect(box).not.toBeChecked();
    await user.click(box);

    const dialog = await screen.findByRole('dialog', { name: '會員服務條款' });
    const content = within(dialog).getByRole('region', { name: '會員服務條款' });
    expect(content).toHaveTextContent('第一條 總則');
    expect(content).toHaveTextContent('歡迎加入會員。');
    expect(content.className).toContain('overflow-y-auto');
    await waitFor(() => expect(content).toHaveFocus());
    const agree = within(dialog).getByRole('button', { name: '我已閱讀並同意條款' });
    await user.tab();
    expect(agree).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(content).toHaveFocus();

    await user.click(agree);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box).toBeChecked();
    expect(box).toHaveFocus();
  });

  it('leaves the term unchecked when closed without agreeing (Esc or 關閉)', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    const box = await termBox('隱私權政策');
    await user.click(box);
    await screen.findByRole('dialog', { name: '隱私權政策' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(box).toHaveFocus();

    await user.keyboard(' ');
    const dialog = await screen.findByRole('dialog', { name: '隱私權政策' });
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(box).not.toBeChecked();
  });

  it('shows term HTML without scripts or event handlers', async () => {
    const pwned = window as unknown as { pwned?: number };
    answerTerms([
      {
        id: 'hostile',
        title: '活動條款',
        content:
          '<p>內容</p><script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2"><a href="javascript:window.pwned=3">連結</a>',
      },
    ]);
    const { user } = renderApp('/registerFirst');
    await user.click(await termBox('活動條款'));
    const dialog = await screen.findByRole('dialog', { name: '活動條款' });
    expect(dialog).toHaveTextContent('內容');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(within(dialog).getByText('連結').getAttribute('href')).toBeNull();
    expect(pwned.pwned).toBeUndefined();
  });
});

describe('registration links', () => {
  it('keeps a staff link’s referrer_code, without whitespace, for step 2', async () => {
    answerTerms();
    renderApp('/registerFirst?referrer_code=%20ABCD%202345%20');
    await screen.findByLabelText('手機號碼');
    expect(JSON.parse(sessionStorage.getItem('register2') ?? '{}').referrer_code).toBe('ABCD2345');
  });

  it('keeps the hash’s third-party CRM data for registering', async () => {
    answerTerms();
    renderApp('/registerFirst#U29tZUNybURhdGE%3D');
    await screen.findByLabelText('手機號碼');
    expect(JSON.parse(sessionStorage.getItem('check3rdCrmData') ?? '{}')).toEqual({
      third_party_crm_data: 'U29tZUNybURhdGE=',
    });
  });

  it('offers the way back to login', async () => {
    answerTerms();
    renderApp('/registerFirst');
    expect(await screen.findByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
  });
});
