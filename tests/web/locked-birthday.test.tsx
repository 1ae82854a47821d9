import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encryptValue } from '#protocol/crypto';
import { answer, reply } from './support/api';
import { TEST_CONFIG } from './support/config';
import { answerProfile, signIn } from './support/profile';
import { storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

const dateInputs = () => document.querySelectorAll('input[type="date"]');

describe('item 7: a birthday that cannot change reads as text, not as a field', () => {
  it('/change_member: a set birthday is read-only text with the hint that it cannot be changed', async () => {
    signIn();
    answerProfile({ birthday: '1985/01/02' });
    renderApp('/change_member');
    const birthday = await screen.findByRole('group', { name: '生日（選填）' });
    expect(birthday).toHaveTextContent('1985/01/02');
    expect(birthday).toHaveAccessibleDescription('生日設定後無法修改');
    expect(within(birthday).queryByRole('textbox')).not.toBeInTheDocument();
    expect(dateInputs()).toHaveLength(0);
  });

  it('/change_member: saving a profile with a set birthday sends no birthday', async () => {
    signIn();
    answerProfile({ birthday: '1985/01/02' });
    const updates = answer('updateMemberProfile', () => reply('C01', {}));
    const { user } = renderApp('/change_member');
    await screen.findByRole('group', { name: '生日（選填）' });
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.params).toEqual({ member_profile: { name: '王小明', gender: 'M', email: 'ming@example.com' } });
  });

  it('/change_member: a member without a birthday still picks one', async () => {
    signIn();
    answerProfile({ birthday: null });
    renderApp('/change_member');
    expect(await screen.findByLabelText('生日（選填）')).toHaveAttribute('type', 'date');
    expect(screen.getByText('生日送出後無法修改，填寫生日可獲得生日禮')).toBeInTheDocument();
  });

  // Anyone can write a link's CRM data (the AES key is in every browser, decision 0005): what it
  // tells is a suggestion the member checks, never a birthday they cannot change (decision 0027).
  it('/registerSecond: a birthday from a link is filled in, yet the member may change it before it is sent', async () => {
    const data = encryptValue(TEST_CONFIG.aesKey, JSON.stringify({ birthday: '1985/03/09' }));
    storeStepOne();
    const calls = answer('registerWithThirdPartyCrmData', () => reply('C01', { temp_access_token: 'temp' }));
    const { user } = renderApp(`/registerSecond#${encodeURIComponent(data)}`);
    const birthday = await screen.findByLabelText('生日');
    expect(birthday).toHaveValue('1985-03-09');
    expect(screen.queryByText('生日已由您原有的會員資料帶入，無法修改。')).not.toBeInTheDocument();
    await user.clear(birthday);
    await user.type(birthday, '1986-04-10');
    await user.click(screen.getByRole('radio', { name: '女' }));
    await user.click(screen.getByRole('button', { name: '註冊' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.params.register).toMatchObject({ birthday: '1986/04/10' });
    expect(calls[0]?.params.third_party_crm_data).toBe(data);
  });
});
