import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol/rc';
import { answer, reply } from './support/api';
import { answerProfile, MEMBER_TOKEN, PROFILE, signIn } from './support/profile';
import { renderApp } from './support/render-app';

const notice = () => screen.findByRole('dialog', { name: '提示' });

function openVerifyMobile(withProfile = true) {
  signIn();
  if (withProfile) sessionStorage.setItem('member_access_info', JSON.stringify(PROFILE));
  return renderApp('/verify_mobile');
}

describe('/verify_mobile', () => {
  it('asks for a code to the current mobile on arrival, once, and says where it went', async () => {
    const sends = answer('sendVerificationCode', () => reply('C01', {}));
    openVerifyMobile();
    expect(await screen.findByText('驗證碼已發送至 0912-345-678，請於 10 分鐘內輸入。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '手機驗證' })).toBeInTheDocument();
    expect(sends).toHaveLength(1);
    expect(sends[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(sends[0]?.params).toEqual({ verification_type: 'member_verification' });
    expect(screen.getByRole('link', { name: '返回基本資料' })).toHaveAttribute('href', '/change_member');
  });

  it('says the code went to the member’s mobile when the profile is not at hand', async () => {
    answer('sendVerificationCode', () => reply('C01', {}));
    openVerifyMobile(false);
    expect(await screen.findByText('驗證碼將發送至您的會員手機號碼，請於 10 分鐘內輸入。')).toBeInTheDocument();
  });

  it('shows the RM when the code cannot be sent on arrival', async () => {
    answer('sendVerificationCode', () => reply('SMS_RESEND_TOO_SOON'));
    openVerifyMobile();
    expect(await notice()).toHaveTextContent(RC_MESSAGES.SMS_RESEND_TOO_SOON);
    expect(screen.queryByText(/驗證碼已發送至/)).not.toBeInTheDocument();
  });

  it('verifies the code and goes to the profile with 手機驗證成功', async () => {
    answer('sendVerificationCode', () => reply('C01', {}));
    const verifies = answer('verifyVerificationCode', () => reply('C01', {}));
    answerProfile({ is_verified: true });
    const { user, router } = openVerifyMobile();
    await screen.findByText(/驗證碼已發送至/);
    await user.type(screen.getByLabelText('驗證碼'), '654321');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await notice()).toHaveTextContent('手機驗證成功');
    expect(router.state.location.pathname).toBe('/change_member');
    expect(verifies[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(verifies[0]?.params).toEqual({ verification_type: 'member_verification', verification_code: '654321' });
    expect(await screen.findByText('已驗證')).toBeInTheDocument();
  });

  it.each(['VERIFY_CODE_INCORRECT', 'VERIFY_CODE_EXPIRED', 'VERIFY_CODE_TOO_MANY_ATTEMPTS'] as const)(
    'shows the RM of %s and stays',
    async (rc) => {
      answer('sendVerificationCode', () => reply('C01', {}));
      answer('verifyVerificationCode', () => reply(rc));
      const { user, router } = openVerifyMobile();
      await screen.findByText(/驗證碼已發送至/);
      await user.type(screen.getByLabelText('驗證碼'), '654321');
      await user.click(screen.getByRole('button', { name: '驗證' }));
      expect(await notice()).toHaveTextContent(RC_MESSAGES[rc]);
      expect(router.state.location.pathname).toBe('/verify_mobile');
    },
  );

  it('resends: 驗證碼已重新發送, or the RM of a refusal', async () => {
    const answers: ('C01' | 'SMS_SEND_LIMIT')[] = ['C01', 'C01', 'SMS_SEND_LIMIT'];
    const sends = answer('sendVerificationCode', () => reply(answers.shift() ?? 'SMS_SEND_LIMIT', {}));
    const { user } = openVerifyMobile();
    await screen.findByText(/驗證碼已發送至/);
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    expect(await notice()).toHaveTextContent('驗證碼已重新發送');
    await user.click(screen.getByRole('button', { name: '關閉' }));
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    expect(await notice()).toHaveTextContent(RC_MESSAGES.SMS_SEND_LIMIT);
    await waitFor(() => expect(sends).toHaveLength(3));
  });
});
