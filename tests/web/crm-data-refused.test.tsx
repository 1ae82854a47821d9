import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encryptValue } from '#protocol/crypto';
import { VALIDATION_MESSAGES } from '#protocol/messages';
import { RC_MESSAGES } from '#protocol/rc';
import { answer, decrypted, refuse, reply } from './support/api';
import { TEST_CONFIG } from './support/config';
import { STEP_ONE, storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

const TEMP_TOKEN = 'temp-register-token';
const DROPPED = '連結帶入的會員資料無法使用，已改以您填寫的資料註冊。';
const notice = () => screen.findByRole('dialog', { name: '提示' });
const crmData = (data: unknown) => encryptValue(TEST_CONFIG.aesKey, JSON.stringify(data));

async function registerFrom(url: string) {
  storeStepOne();
  const view = renderApp(url);
  await screen.findByLabelText('邀請碼');
  await view.user.click(screen.getByRole('radio', { name: '男' }));
  await view.user.click(screen.getByRole('button', { name: '註冊' }));
  return view;
}

describe('third-party CRM data that cannot be used does not block registration', () => {
  it('refused by the server: cleared, said once, and the member registers without it', async () => {
    const data = crmData({ ec_member_id: 'EC-778' });
    const crmCalls = refuse(
      'registerWithThirdPartyCrmData',
      'PARAMETER_INVALID',
      `${VALIDATION_MESSAGES.thirdPartyCrmDataInvalid}（third_party_crm_data）`,
    );
    const plainCalls = answer('register', () => reply('C01', { temp_access_token: TEMP_TOKEN }));
    const { user, router } = await registerFrom(`/registerSecond#${encodeURIComponent(data)}`);

    const dialog = await notice();
    expect(dialog).toHaveTextContent(DROPPED);
    expect(dialog).not.toHaveTextContent('third_party_crm_data');
    expect(crmCalls).toHaveLength(1);
    expect(plainCalls).toHaveLength(1);
    expect(plainCalls[0]?.params).not.toHaveProperty('third_party_crm_data');
    const register = (plainCalls[0]?.params.register ?? {}) as { mobile?: string };
    expect(decrypted(register.mobile)).toBe(STEP_ONE.mobile);
    expect(sessionStorage.getItem('check3rdCrmData')).toBeNull();
    expect(sessionStorage.getItem('temp_access_token')).toBe(TEMP_TOKEN);

    await user.click(within(dialog).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
  });

  it('unreadable in this tab: not sent, cleared, said once, and the member registers without it', async () => {
    const plainCalls = answer('register', () => reply('C01', { temp_access_token: TEMP_TOKEN }));
    const { user, router } = await registerFrom('/registerSecond#bm90LW91cnM%3D');
    const dialog = await notice();
    expect(dialog).toHaveTextContent(DROPPED);
    expect(plainCalls).toHaveLength(1);
    expect(sessionStorage.getItem('check3rdCrmData')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
  });

  it('says it once: a later attempt in the same tab registers plainly without a word about it', async () => {
    let rc: 'SMS_SEND_LIMIT' | 'C01' = 'SMS_SEND_LIMIT';
    const plainCalls = answer('register', () => reply(rc, rc === 'C01' ? { temp_access_token: TEMP_TOKEN } : {}));
    const { user, router } = await registerFrom('/registerSecond#bm90LW91cnM%3D');
    const dialog = await notice();
    // Both things the member needs to know, in the one notice.
    expect(dialog).toHaveTextContent(DROPPED);
    expect(dialog).toHaveTextContent(RC_MESSAGES.SMS_SEND_LIMIT);
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(router.state.location.pathname).toBe('/registerSecond');

    rc = 'C01';
    await user.click(screen.getByRole('button', { name: '註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(plainCalls).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the birthday the refused data filled in, for the member to keep or change on the next try', async () => {
    const data = crmData({ birthday: '1990/01/02' });
    refuse(
      'registerWithThirdPartyCrmData',
      'PARAMETER_INVALID',
      `${VALIDATION_MESSAGES.thirdPartyCrmDataInvalid}（third_party_crm_data）`,
    );
    answer('register', () => reply('SMS_SEND_LIMIT'));
    storeStepOne();
    const { user, router } = renderApp(`/registerSecond#${encodeURIComponent(data)}`);
    expect(await screen.findByLabelText('生日')).toHaveValue('1990-01-02');

    await user.click(screen.getByRole('radio', { name: '男' }));
    await user.click(screen.getByRole('button', { name: '註冊' }));
    const dialog = await notice();
    expect(dialog).toHaveTextContent(DROPPED);
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));

    expect(router.state.location.pathname).toBe('/registerSecond');
    const birthday = screen.getByLabelText('生日');
    expect(birthday).toHaveValue('1990-01-02');
    await user.clear(birthday);
    await user.type(birthday, '1991-03-04');
    expect(birthday).toHaveValue('1991-03-04');
  });

  it('keeps data the server took, when the refusal is about something else, and shows its RM', async () => {
    const data = crmData({ ec_member_id: 'EC-778' });
    answer('registerWithThirdPartyCrmData', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    await registerFrom(`/registerSecond#${encodeURIComponent(data)}`);
    const dialog = await notice();
    expect(dialog).toHaveTextContent(RC_MESSAGES.MEMBER_MOBILE_IS_REPEAT);
    expect(dialog).not.toHaveTextContent(DROPPED);
    expect(JSON.parse(sessionStorage.getItem('check3rdCrmData') ?? '{}').third_party_crm_data).toBe(data);
  });
});
