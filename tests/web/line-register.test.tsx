import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encryptValue } from '#protocol/crypto';
import { answer, reply } from './support/api';
import { TEST_CONFIG } from './support/config';
import { LINE_BIND as BIND, cameFromLine } from './support/line-bind';
import { storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

async function registerFromStepTwo() {
  storeStepOne();
  const view = renderApp('/registerSecond');
  await view.user.click(await screen.findByRole('radio', { name: '女' }));
  await view.user.click(screen.getByRole('button', { name: '註冊' }));
  return view;
}

describe('registering as a LINE user who is not a member yet', () => {
  it('sends the LINE bind data, and once registered (and bound) forgets it', async () => {
    cameFromLine();
    const calls = answer('register', () => reply('C01', { temp_access_token: 'temp-token' }));
    const { router } = await registerFromStepTwo();
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(calls[0]?.params.bind_third_party).toEqual(BIND);
    expect(sessionStorage.getItem('line_verify_data')).toBeNull();
  });

  it('shows why LINE could not be bound, and registers without LINE on the next try', async () => {
    cameFromLine();
    let answers = 0;
    const calls = answer('register', () =>
      answers++ === 0 ? reply('LINE_ALREADY_BOUND') : reply('C01', { temp_access_token: 'temp-token' }),
    );
    const { user, router } = await registerFromStepTwo();
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveTextContent('此 LINE 帳號或會員已綁定其他帳號');
    expect(router.state.location.pathname).toBe('/registerSecond');
    // Nor does the screen say any more that the registration binds LINE.
    expect(screen.queryByRole('button', { name: '不綁定 LINE' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '關閉' }));
    await user.click(screen.getByRole('button', { name: '註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(calls.map((call) => call.params.bind_third_party)).toEqual([BIND, undefined]);
  });

  it('sends the LINE bind data on the third-party CRM registration too', async () => {
    cameFromLine();
    const crmData = encryptValue(TEST_CONFIG.aesKey, JSON.stringify({ ec_member_id: 'EC-1' }));
    sessionStorage.setItem('check3rdCrmData', JSON.stringify({ third_party_crm_data: crmData }));
    const calls = answer('registerWithThirdPartyCrmData', () => reply('C01', { temp_access_token: 'temp-token' }));
    const { router } = await registerFromStepTwo();
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(calls[0]?.params.bind_third_party).toEqual(BIND);
    expect(calls[0]?.params.third_party_crm_data).toBe(crmData);
  });
});
