import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../src/lib/session';
import { answer, reply } from './support/api';
import { errorsOf } from './support/fields';
import { cameFromLine } from './support/line-bind';
import { accountInput, loginButton, passwordInput } from './support/login';
import { answerProfile, signIn } from './support/profile';
import {
  agreeTerm,
  answerTerms,
  fillStepOne,
  nextButton,
  STEP_ONE,
  stepOneField,
  storeStepOne,
  TERMS,
} from './support/register';
import { renderApp } from './support/render-app';

const MISMATCH = '兩次輸入的密碼不一致';

/** Every input the form marks invalid, each with the message it is linked to. */
const invalidFields = () =>
  [...document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].map((input) => ({
    name: input.getAttribute('name'),
    message: errorsOf(input),
  }));

describe('item 1: the confirmation says it does not match, whatever the other fields hold', () => {
  it('/registerFirst: as soon as password and confirmation are given, with mobile and name still empty', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    await screen.findByLabelText('手機號碼');
    await user.type(stepOneField.password(), 'abc123');
    await user.type(stepOneField.confirm(), 'abc124');
    await user.tab();
    await waitFor(() => expect(errorsOf(stepOneField.confirm())).toBe(MISMATCH));
    expect(stepOneField.confirm()).toHaveAttribute('aria-invalid', 'true');
    // Fields the member has not reached yet are not judged.
    expect(stepOneField.mobile()).not.toHaveAttribute('aria-invalid');
    expect(stepOneField.name()).not.toHaveAttribute('aria-invalid');
  });

  it('/registerFirst: a mismatch shows even while the password itself is too short', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    await screen.findByLabelText('手機號碼');
    await user.type(stepOneField.password(), 'abc');
    await user.type(stepOneField.confirm(), 'abd');
    await user.tab();
    await waitFor(() => expect(errorsOf(stepOneField.confirm())).toBe(MISMATCH));
    expect(errorsOf(stepOneField.password())).toBe('密碼須為 6 位以上英文字母與數字組合');
  });

  it('/change_pwd: with the old password still empty', async () => {
    startSession('member-token-1', 'Member');
    const { user } = renderApp('/change_pwd');
    await user.type(await screen.findByLabelText('新密碼'), 'fresh2025');
    await user.type(screen.getByLabelText('確認新密碼'), 'fresh2024');
    await user.tab();
    await waitFor(() => expect(errorsOf(screen.getByLabelText('確認新密碼'))).toBe(MISMATCH));
    expect(screen.getByLabelText('舊密碼')).not.toHaveAttribute('aria-invalid');
  });

  it('/reset_pwd: with a new password that does not pass yet', async () => {
    sessionStorage.setItem('TEMP_ACCESS_TOKEN', 'temp-forgot-token');
    const { user } = renderApp('/reset_pwd');
    await user.type(await screen.findByLabelText('新密碼'), 'abc');
    await user.type(screen.getByLabelText('確認新密碼'), 'abd');
    await user.tab();
    await waitFor(() => expect(errorsOf(screen.getByLabelText('確認新密碼'))).toBe(MISMATCH));
  });
});

describe('item 1: a submit button is never grey without a reason', () => {
  it('/registerFirst: 下一步 is enabled; pressing it shows every message and moves focus to the first', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    await screen.findByLabelText('手機號碼');
    expect(nextButton()).toBeEnabled();
    await user.click(nextButton());
    await waitFor(() => expect(stepOneField.mobile()).toHaveFocus());
    expect(invalidFields()).toEqual([
      { name: 'mobile', message: '請輸入手機號碼' },
      { name: 'name', message: '請輸入姓名' },
      { name: 'password', message: '請輸入密碼' },
      { name: 'confirm', message: '請再次輸入密碼' },
      ...TERMS.map(() => ({ name: null, message: '請閱讀並同意所有會員條款' })),
    ]);
  });

  it('/registerFirst: with every field right, a term not agreed is said next to the terms and focused', async () => {
    answerTerms();
    const checks = answer('registerCheck', () => reply('C01', {}));
    const { user, router } = renderApp('/registerFirst');
    await fillStepOne(user);
    await agreeTerm(user, TERMS[0]?.title ?? '');
    await user.click(nextButton());

    const second = await screen.findByRole('checkbox', { name: `我已閱讀並同意「${TERMS[1]?.title}」` });
    await waitFor(() => expect(second).toHaveFocus());
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(errorsOf(second)).toBe('請閱讀並同意所有會員條款');
    expect(checks).toHaveLength(0);

    await agreeTerm(user, TERMS[1]?.title ?? '');
    expect(screen.queryByText('請閱讀並同意所有會員條款')).not.toBeInTheDocument();
    await user.click(nextButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerSecond'));
    expect(checks).toHaveLength(1);
  });

  it('/change_pwd: 確定 shows every message and focuses the first invalid field', async () => {
    startSession('member-token-1', 'Member');
    const { user } = renderApp('/change_pwd');
    await screen.findByLabelText('舊密碼');
    await user.click(screen.getByRole('button', { name: '確定' }));
    await waitFor(() => expect(screen.getByLabelText('舊密碼')).toHaveFocus());
    expect(invalidFields().map((field) => field.message)).toEqual(['請輸入舊密碼', '請輸入新密碼', '請再次輸入密碼']);
  });
});

describe('item 8: no stale errors', () => {
  it('/login: a field’s message goes as soon as the member edits that field', async () => {
    const { user } = renderApp('/login');
    await screen.findByLabelText('帳號');
    await user.click(loginButton());
    await waitFor(() => expect(errorsOf(accountInput())).toBe('請輸入帳號'));
    expect(errorsOf(passwordInput())).toBe('請輸入密碼');

    await user.type(accountInput(), '09');
    expect(accountInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('請輸入帳號')).not.toBeInTheDocument();
    // The untouched field keeps its message until it is edited or the form is sent again.
    expect(errorsOf(passwordInput())).toBe('請輸入密碼');
    await user.type(passwordInput(), 'a');
    expect(screen.queryByText('請輸入密碼')).not.toBeInTheDocument();

    await user.click(loginButton());
    await waitFor(() => expect(errorsOf(accountInput())).toBe('帳號格式錯誤'));
    await user.type(accountInput(), '1');
    expect(screen.queryByText('帳號格式錯誤')).not.toBeInTheDocument();
  });

  it('/change_member: a message from the last save goes when the field is edited', async () => {
    signIn();
    answerProfile();
    const { user } = renderApp('/change_member');
    const name = await screen.findByLabelText('姓名');
    await user.clear(name);
    await user.clear(screen.getByLabelText('電子信箱（選填）'));
    await user.type(screen.getByLabelText('電子信箱（選填）'), 'ming@');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(errorsOf(name)).toBe('請輸入姓名'));
    await user.type(name, '王');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(errorsOf(screen.getByLabelText('電子信箱（選填）'))).toBe('格式錯誤');
  });
});

describe('item 3: each field’s message is its own', () => {
  it('/registerSecond: the gender is asked for while the email is wrong too', async () => {
    sessionStorage.setItem('register1', JSON.stringify({ ...STEP_ONE, agreed_terms: [] }));
    const { user } = renderApp('/registerSecond');
    const email = await screen.findByLabelText('電子信箱');
    await user.type(email, 'ming@');
    await user.tab();
    await waitFor(() => expect(errorsOf(email)).toBe('格式錯誤'));
    await user.click(screen.getByRole('button', { name: '註冊' }));
    const gender = screen.getByRole('group', { name: '性別' });
    await waitFor(() => expect(errorsOf(gender)).toBe('請選擇性別'));
    expect(errorsOf(within(gender).getByRole('radio', { name: '男' }))).toBe('請選擇性別');
    expect(errorsOf(email)).toBe('格式錯誤');
    expect(within(gender).getByRole('radio', { name: '男' })).toHaveFocus();
  });

  it('/registerSecond: leaving the gender unchosen says so, whatever the email holds', async () => {
    sessionStorage.setItem('register1', JSON.stringify({ ...STEP_ONE, agreed_terms: [] }));
    const { user } = renderApp('/registerSecond');
    const email = await screen.findByLabelText('電子信箱');
    await user.type(email, 'ming@');
    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.tab();
    await waitFor(() => expect(errorsOf(email)).toBe('格式錯誤'));
    expect(screen.getByRole('radio', { name: '男' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('item 6: on every form, each message is linked to its field and the first invalid field gets focus', () => {
  it.each([
    ['/login', () => {}, '登入', ['請輸入帳號', '請輸入密碼']],
    ['/registerFirst', () => answerTerms(), '下一步', ['請輸入手機號碼', '請輸入姓名', '請輸入密碼', '請再次輸入密碼']],
    [
      '/registerSecond',
      () => sessionStorage.setItem('register1', JSON.stringify({ ...STEP_ONE, agreed_terms: [] })),
      '註冊',
      ['請選擇性別'],
    ],
    [
      '/registerFinal/change_mobile',
      () => sessionStorage.setItem('temp_access_token', 'temp-register-token'),
      '確認變更',
      ['請輸入手機號碼'],
    ],
    ['/forgotPassword', () => {}, '發送驗證碼', ['請輸入手機號碼']],
    [
      '/verify_forget_password',
      () => sessionStorage.setItem('TEMP_ACCESS_TOKEN', 'temp-forgot-token'),
      '驗證',
      ['請輸入驗證碼'],
    ],
    [
      '/reset_pwd',
      () => sessionStorage.setItem('TEMP_ACCESS_TOKEN', 'temp-forgot-token'),
      '確定',
      ['請輸入新密碼', '請再次輸入密碼'],
    ],
    ['/change_pwd', () => signIn(), '確定', ['請輸入舊密碼', '請輸入新密碼', '請再次輸入密碼']],
    [
      '/change_member_mobile',
      () => {
        signIn();
        answerProfile();
      },
      '發送驗證碼',
      ['請輸入手機號碼', '請輸入密碼'],
    ],
    [
      '/change_member',
      () => {
        signIn();
        answerProfile({ name: '' });
      },
      '儲存',
      ['請輸入姓名'],
    ],
    ['/line_bind', () => cameFromLine(), '下一步', ['請輸入手機號碼']],
    [
      '/line_bind/login',
      () => {
        cameFromLine();
        sessionStorage.setItem('line_bind_mobile', '0912345678');
      },
      '綁定並登入',
      ['請輸入密碼'],
    ],
  ] as const)('%s', async (url, arrange, submit, messages) => {
    arrange();
    const { user } = renderApp(url);
    await user.click(await screen.findByRole('button', { name: submit }));
    await waitFor(() => expect(invalidFields().length).toBeGreaterThan(0));
    const fields = invalidFields().filter((field) => field.name !== null);
    // A radio group links its message from each button: one message per field.
    expect([...new Set(fields.map((field) => field.message))]).toEqual(messages);
    const first = document.querySelector('[aria-invalid="true"]');
    await waitFor(() => expect(first).toHaveFocus());
  });
});

/**
 * A screen reader speaks a field as it takes the focus: its name, "invalid", and the message the
 * field is described by. What it would say is recorded at that moment, for the field a submit
 * sends the member back to.
 */
function heardOnFocus(input: HTMLElement): Array<{ invalid: string | null; message: string }> {
  const heard: Array<{ invalid: string | null; message: string }> = [];
  input.addEventListener('focus', () =>
    heard.push({ invalid: input.getAttribute('aria-invalid'), message: errorsOf(input) }),
  );
  return heard;
}

describe('a field a submit sends the member back to is spoken with its message', () => {
  it('/login: 帳號, when 登入 is pressed with nothing typed', async () => {
    const { user } = renderApp('/login');
    const heard = heardOnFocus(await screen.findByLabelText('帳號'));
    await user.click(loginButton());
    await waitFor(() => expect(accountInput()).toHaveFocus());
    expect(heard).toEqual([{ invalid: 'true', message: '請輸入帳號' }]);
  });

  it('/login: 密碼, when only the account is typed', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('帳號'), '0912345678');
    const heard = heardOnFocus(passwordInput());
    await user.click(loginButton());
    await waitFor(() => expect(passwordInput()).toHaveFocus());
    expect(heard).toEqual([{ invalid: 'true', message: '請輸入密碼' }]);
  });

  it('/registerFirst: 手機號碼, when 下一步 is pressed with nothing filled in', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    const heard = heardOnFocus(await screen.findByLabelText('手機號碼'));
    await user.click(nextButton());
    await waitFor(() => expect(stepOneField.mobile()).toHaveFocus());
    expect(heard).toEqual([{ invalid: 'true', message: '請輸入手機號碼' }]);
  });

  it('/registerFirst: the first term not agreed, when every field is right', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    await fillStepOne(user);
    await agreeTerm(user, TERMS[0]?.title ?? '');
    const second = screen.getByRole('checkbox', { name: `我已閱讀並同意「${TERMS[1]?.title}」` });
    const heard = heardOnFocus(second);
    await user.click(nextButton());
    await waitFor(() => expect(second).toHaveFocus());
    expect(heard).toEqual([{ invalid: 'true', message: '請閱讀並同意所有會員條款' }]);
  });

  it('/change_pwd: 舊密碼, when 確定 is pressed with nothing filled in', async () => {
    startSession('member-token-1', 'Member');
    const { user } = renderApp('/change_pwd');
    const heard = heardOnFocus(await screen.findByLabelText('舊密碼'));
    await user.click(screen.getByRole('button', { name: '確定' }));
    await waitFor(() => expect(screen.getByLabelText('舊密碼')).toHaveFocus());
    expect(heard).toEqual([{ invalid: 'true', message: '請輸入舊密碼' }]);
  });
});

describe('a field’s standing instructions are said with it', () => {
  it('/registerSecond: 生日 is described by its hint that it cannot be changed later', async () => {
    storeStepOne();
    renderApp('/registerSecond');
    expect(await screen.findByLabelText('生日')).toHaveAccessibleDescription(
      '生日設定後無法修改，填寫即可獲得生日禮。',
    );
  });

  it('/registerSecond: 生日 wrong is described by its message first, then the hint', async () => {
    storeStepOne();
    const { user } = renderApp('/registerSecond');
    const birthday = await screen.findByLabelText('生日');
    await user.click(screen.getByRole('radio', { name: '女' }));
    fireEvent.change(birthday, { target: { value: '2099-01-01' } });
    fireEvent.blur(birthday);
    await user.click(screen.getByRole('button', { name: '註冊' }));
    await waitFor(() => expect(birthday).toHaveAttribute('aria-invalid', 'true'));
    expect(birthday).toHaveAccessibleDescription(
      '生日須為 12 年前（含）以前的日期 生日設定後無法修改，填寫即可獲得生日禮。',
    );
    expect(errorsOf(birthday)).toBe('生日須為 12 年前（含）以前的日期');
  });

  it('/registerFirst: each term’s checkbox is described by how agreeing works', async () => {
    answerTerms();
    renderApp('/registerFirst');
    const first = await screen.findByRole('checkbox', { name: `我已閱讀並同意「${TERMS[0]?.title}」` });
    expect(first).toHaveAccessibleDescription('請點選條款閱讀，同意後即完成勾選。');
  });
});
