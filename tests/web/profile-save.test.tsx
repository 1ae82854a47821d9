import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, answerRedirectLocation, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { errorsOf } from './support/fields';
import { stubLocationReplace } from './support/location';
import { answerProfile, latestBirthdayInput, MEMBER_TOKEN, signIn } from './support/profile';
import { renderApp } from './support/render-app';
import { server } from './support/server';

const MEMBER_PAGE = `${SHOP_ORIGIN}/member/home`;
const field = {
  name: () => screen.getByLabelText('姓名'),
  email: () => screen.getByLabelText('電子信箱（選填）'),
  birthday: () => screen.getByLabelText('生日（選填）'),
};
const saveButton = () => screen.getByRole('button', { name: '儲存' });
const resultModal = () => screen.findByRole('dialog', { name: '提示' });

async function openProfile(profile: Parameters<typeof answerProfile>[0] = {}) {
  answerProfile(profile);
  signIn();
  const view = renderApp('/change_member');
  await screen.findByLabelText('姓名');
  return view;
}

/** The date input as a picker fills it. */
const pickDate = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('/change_member: saving', () => {
  it('sends the details with the birthday as YYYY/MM/DD, says 修改成功, and after 確定 goes to the redirect location', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    const updates = answer('updateMemberProfile', () => reply('C01', {}));
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    const { user } = await openProfile({ birthday: null });

    await user.clear(field.name());
    await user.type(field.name(), '王大明');
    await user.click(screen.getByRole('radio', { name: '保密' }));
    await user.clear(field.email());
    await user.type(field.email(), 'daming@example.com');
    pickDate(field.birthday(), '1990-05-20');
    await user.click(saveButton());

    const modal = await resultModal();
    expect(modal).toHaveTextContent('修改成功');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(updates[0]?.params).toEqual({
      member_profile: { name: '王大明', gender: 'S', email: 'daming@example.com', birthday: '1990/05/20' },
    });
    expect(redirects).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE));
    expect(redirects[0]?.xToken).toBe(MEMBER_TOKEN);
    expect(redirects[0]?.mmrmToken).toBe(MEMBER_TOKEN);
    expect(JSON.parse(sessionStorage.getItem('member_access_info') ?? '{}')).toMatchObject({
      name: '王大明',
      gender: 'S',
      birthday: '1990/05/20',
    });
  });

  it('omits an empty birthday and sends an empty gender and email as null', async () => {
    const updates = answer('updateMemberProfile', () => reply('C01', {}));
    const { user } = await openProfile({ gender: null, email: 'ming@example.com', birthday: null });
    await user.clear(field.email());
    await user.click(saveButton());
    await resultModal();
    expect(updates[0]?.params).toEqual({ member_profile: { name: '王小明', gender: null, email: null } });
  });

  it('does not send a birthday that is already set, and locks a birthday once it is saved', async () => {
    const updates = answer('updateMemberProfile', () => reply('C01', {}));
    answerRedirectLocation(urlOf('redirectLocation'), () => new HttpResponse('bad gateway', { status: 502 }));
    const { user } = await openProfile({ birthday: null });
    pickDate(field.birthday(), '1988-08-08');
    await user.click(saveButton());
    await resultModal();
    await user.click(screen.getByRole('button', { name: '確定' }));
    // The redirect fetch failed: the member stays, and the saved birthday can no longer change.
    await waitFor(() => expect(screen.queryByText('載入中...')).not.toBeInTheDocument());
    expect(await screen.findByRole('group', { name: '生日（選填）' })).toHaveTextContent('1988/08/08');
    await user.click(saveButton());
    await resultModal();
    expect(updates[1]?.params).toEqual({ member_profile: { name: '王小明', gender: 'M', email: 'ming@example.com' } });
  });

  it('shows a refusal’s RM and, after 確定, keeps the member and what was entered', async () => {
    answer('updateMemberProfile', () => reply('BIRTHDAY_CANNOT_CHANGE'));
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    const { user } = await openProfile();
    await user.clear(field.name());
    await user.type(field.name(), '改過的名字');
    await user.click(saveButton());
    expect(await resultModal()).toHaveTextContent('生日設定後無法修改');
    await user.click(screen.getByRole('button', { name: '確定' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field.name()).toHaveValue('改過的名字');
    expect(redirects).toHaveLength(0);
  });

  it('a birthday set meanwhile on another device: after 確定 the form shows it, keeps the other edits, and saves without it', async () => {
    const updates = answer('updateMemberProfile', () =>
      reply(updates.length === 1 ? 'BIRTHDAY_CANNOT_CHANGE' : 'C01', {}),
    );
    const { user } = await openProfile({ birthday: null });
    await user.clear(field.name());
    await user.type(field.name(), '改過的名字');
    pickDate(field.birthday(), '1988-08-08');
    // Meanwhile, on the desktop, the member set the birthday.
    answerProfile({ birthday: '1990/01/02' });
    await user.click(saveButton());
    expect(await resultModal()).toHaveTextContent('生日設定後無法修改');
    await user.click(screen.getByRole('button', { name: '確定' }));

    expect(await screen.findByRole('group', { name: '生日（選填）' })).toHaveTextContent('1990/01/02');
    expect(field.name()).toHaveValue('改過的名字');
    await user.click(saveButton());
    expect(await resultModal()).toHaveTextContent('修改成功');
    expect(updates[1]?.params).toEqual({
      member_profile: { name: '改過的名字', gender: 'M', email: 'ming@example.com' },
    });
  });

  it('says the network is unstable when the save cannot reach the server, and keeps the edit', async () => {
    server.use(http.post(urlOf('updateMemberProfile'), () => HttpResponse.error()));
    const { user } = await openProfile();
    await user.type(field.name(), '二');
    await user.click(saveButton());
    expect(await screen.findByRole('dialog')).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
    expect(field.name()).toHaveValue('王小明二');
  });

  it('keeps what the member is typing when the phone comes back online: the profile is not loaded again behind them', async () => {
    const loads = answerProfile();
    signIn();
    const { user } = renderApp('/change_member');
    await screen.findByLabelText('姓名');
    await user.type(field.name(), '二');
    // Past the library's default freshness for a screen's data by the time the signal returns.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(loads).toHaveLength(1);
    expect(field.name()).toHaveValue('王小明二');
  });
});

describe('/change_member: checks on save, and only on save; editing a field takes its message away', () => {
  it.each([
    ['name', '', '請輸入姓名'],
    ['name', '   ', '請輸入姓名'],
    ['name', '王<小明>', '姓名不可包含特殊字元'],
    ['name', '王'.repeat(51), '姓名最多 50 個字'],
    ['email', 'ming@', '格式錯誤'],
    ['email', 'ming@example.c', '格式錯誤'],
  ] as const)('the %s "%s": %s', async (key, value, message) => {
    const updates = answer('updateMemberProfile', () => reply('C01', {}));
    const { user } = await openProfile();
    await user.clear(field[key]());
    if (value) await user.type(field[key](), value);
    await user.tab();
    expect(field[key]()).not.toHaveAttribute('aria-invalid');
    await user.click(saveButton());
    await waitFor(() => expect(errorsOf(field[key]())).toBe(message));
    expect(field[key]()).toHaveAttribute('aria-invalid', 'true');
    // Editing the field takes the message away without judging it again: the next save does.
    await user.clear(field[key]());
    await user.type(field[key](), key === 'name' ? '王小明' : 'ming@example.com');
    expect(field[key]()).not.toHaveAttribute('aria-invalid');
    await user.click(saveButton());
    expect(await resultModal()).toHaveTextContent('修改成功');
    // Its answer shown, that save is the only one sent: the refused one sent nothing.
    expect(updates).toHaveLength(1);
    expect(field[key]()).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a birthday less than 12 years back', async () => {
    const updates = answer('updateMemberProfile', () => reply('C01', {}));
    const { user } = await openProfile({ birthday: null });
    pickDate(field.birthday(), latestBirthdayInput(1));
    await user.click(saveButton());
    await waitFor(() => expect(errorsOf(field.birthday())).toBe('生日須為 12 年前（含）以前的日期'));
    pickDate(field.birthday(), latestBirthdayInput());
    await user.click(saveButton());
    expect(await resultModal()).toHaveTextContent('修改成功');
    // Its answer shown, that save is the only one sent: the refused one sent nothing.
    expect(updates).toHaveLength(1);
    expect(updates[0]?.params).toMatchObject({
      member_profile: { birthday: latestBirthdayInput().replaceAll('-', '/') },
    });
  });
});
