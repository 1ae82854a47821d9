import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../src/lib/session';
import { answer, answerRedirectLocation, reply, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { cameFromLine } from './support/line-bind';
import { stubLocationReplace } from './support/location';
import { answerProfile } from './support/profile';
import { storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

// Registering and binding LINE end in a session, and the app leaves with location.replace: Back
// from where it went returns to a screen of the flow, whose own data the sign-in has forgotten.
const TEMP_TOKEN = 'temp-register-token';
const MEMBER_TOKEN = 'new-member-token';
const OTHER_TAB_TOKEN = 'member-token-other-tab';
const MEMBER_PAGE = `${SHOP_ORIGIN}/member/welcome`;

function midRegistration(): void {
  storeStepOne();
  sessionStorage.setItem('register2', JSON.stringify({ referrer_code: '', gender: 'M', email: '', birthday: '' }));
  sessionStorage.setItem('temp_access_token', TEMP_TOKEN);
}

const profileShown = () => screen.findByLabelText('姓名');

describe('Back once a registration that changed its mobile has signed the member in', () => {
  it('lands on the profile, not on a change of mobile that says the registration is gone', async () => {
    stubLocationReplace();
    answer('updateRegisterMobile', () => reply('C01', {}));
    answer('registerVerify', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    answerProfile();
    midRegistration();
    const { user, router } = renderApp('/registerFinal');
    await user.click(await screen.findByRole('link', { name: '變更手機號碼' }));
    await user.type(await screen.findByLabelText('新手機號碼'), '0987654321');
    await user.click(screen.getByRole('button', { name: '確認變更' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    await user.type(await screen.findByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await screen.findByRole('dialog', { name: '註冊成功' });

    router.history.back();

    await waitFor(() => expect(router.state.location.pathname).toBe('/change_member'));
    expect(await profileShown()).toBeInTheDocument();
    expect(screen.queryByText(/註冊資料已失效/)).not.toBeInTheDocument();
  });

  it('a registration under way keeps its step 3 while another tab has signed someone in', async () => {
    startSession(OTHER_TAB_TOKEN, 'Member');
    midRegistration();
    const { router } = renderApp('/registerFinal/change_mobile');
    expect(await screen.findByLabelText('新手機號碼')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registerFinal/change_mobile');
  });
});

describe('Back once LINE is bound and the member signed in', () => {
  it('lands on the profile, not on a screen that asks to sign in with LINE first', async () => {
    stubLocationReplace();
    answer('checkMobile', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answer('bindThirdParty', () => reply('C01', {}));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    answerProfile();
    cameFromLine();
    const { user, router } = renderApp('/line_bind');
    await user.type(await screen.findByLabelText('手機號碼'), '0912345678');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await user.type(await screen.findByLabelText('密碼'), 'abc123');
    await user.click(screen.getByRole('button', { name: '綁定並登入' }));
    await screen.findByRole('dialog', { name: '綁定成功' });

    router.history.back();

    await waitFor(() => expect(router.state.location.pathname).toBe('/change_member'));
    expect(await profileShown()).toBeInTheDocument();
    expect(screen.queryByText(/請先使用 LINE 登入/)).not.toBeInTheDocument();
  });

  it('a LINE account waiting to be bound keeps its screen while another tab has signed someone in', async () => {
    startSession(OTHER_TAB_TOKEN, 'Member');
    cameFromLine();
    const { router } = renderApp('/line_bind');
    expect(await screen.findByLabelText('手機號碼')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/line_bind');
  });
});
