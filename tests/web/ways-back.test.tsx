import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerProfile, keepNewMobile, PROFILE, signIn } from './support/profile';
import { storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

const wayBack = async (name: string) => (await screen.findByRole('link', { name })).getAttribute('href');

describe('every code, reset and change-mobile screen has a way back to where the member came from', () => {
  it('/verify_forget_password leads back to /forgotPassword', async () => {
    sessionStorage.setItem('TEMP_ACCESS_TOKEN', 'temp-forgot-token');
    renderApp('/verify_forget_password');
    expect(await wayBack('返回忘記密碼')).toBe('/forgotPassword');
  });

  it('/reset_pwd leads back to /login', async () => {
    sessionStorage.setItem('TEMP_ACCESS_TOKEN', 'temp-forgot-token');
    renderApp('/reset_pwd');
    expect(await wayBack('返回登入')).toBe('/login');
  });

  it.each([true, false])('/verify_mobile leads back to the profile (verified: %s)', async (verified) => {
    answerProfile({ is_verified: verified });
    signIn();
    renderApp('/verify_mobile');
    expect(await wayBack('返回基本資料')).toBe('/change_member');
  });

  it('/change_member_mobile leads back to the profile', async () => {
    signIn();
    sessionStorage.setItem('member_access_info', JSON.stringify(PROFILE));
    renderApp('/change_member_mobile');
    expect(await wayBack('返回基本資料')).toBe('/change_member');
  });

  it('/verify_member_mobile leads back to entering the new mobile, and to the profile', async () => {
    signIn();
    keepNewMobile('0987654321');
    renderApp('/verify_member_mobile');
    expect(await wayBack('重新輸入新手機號碼')).toBe('/change_member_mobile');
    expect(await wayBack('返回基本資料')).toBe('/change_member');
  });

  it('/registerFinal leads to changing the mobile, which leads back to it', async () => {
    storeStepOne();
    sessionStorage.setItem('temp_access_token', 'temp-register-token');
    const first = renderApp('/registerFinal');
    expect(await wayBack('變更手機號碼')).toBe('/registerFinal/change_mobile');
    first.unmount();
    renderApp('/registerFinal/change_mobile');
    expect(await wayBack('返回手機驗證')).toBe('/registerFinal');
  });
});
