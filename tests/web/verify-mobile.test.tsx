import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol/rc';
import { answer, reply } from './support/api';
import { answerProfile, MEMBER_TOKEN, signIn } from './support/profile';
import { renderApp } from './support/render-app';
import {
  CODE_SENT_WITHIN_A_MINUTE,
  closeNetworkNotice,
  expectCodeSentWithinAMinute,
  loseNextAnswer,
  verifyTwiceLosingTheFirstAnswer,
} from './support/weak-signal';

const notice = () => screen.findByRole('dialog', { name: '提示' });

/** /verify_mobile after this tab sent a code more than a minute ago (arriving: verify-mobile-arrival.test.tsx). */
async function openWithCodeSent() {
  signIn();
  answerProfile({ is_verified: false });
  sessionStorage.setItem('code_sent_at_verify_mobile', JSON.stringify(Date.now() - 120_000));
  const view = renderApp('/verify_mobile');
  await screen.findByLabelText('驗證碼');
  return view;
}

describe('/verify_mobile', () => {
  it('says where the code went, under the screen’s heading, with the way back', async () => {
    await openWithCodeSent();
    expect(screen.getByText('驗證碼已發送至 0912-345-678，請於 10 分鐘內輸入。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '手機驗證' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回基本資料' })).toHaveAttribute('href', '/change_member');
  });

  it('verifies the code and goes to the profile with 手機驗證成功', async () => {
    const verifies = answer('verifyVerificationCode', () => reply('C01', {}));
    const { user, router } = await openWithCodeSent();
    answerProfile({ is_verified: true });
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
      answer('verifyVerificationCode', () => reply(rc));
      const { user, router } = await openWithCodeSent();
      await user.type(screen.getByLabelText('驗證碼'), '654321');
      await user.click(screen.getByRole('button', { name: '驗證' }));
      expect(await notice()).toHaveTextContent(RC_MESSAGES[rc]);
      expect(router.state.location.pathname).toBe('/verify_mobile');
    },
  );

  describe('after a try whose answer was lost', () => {
    // The server may have verified the member: the next try then finds the code spent.
    async function verifyLosingTheFirstAnswer(verifiedSince: boolean) {
      answer('verifyVerificationCode', () => reply('VERIFY_CODE_EXPIRED'));
      loseNextAnswer('verifyVerificationCode');
      const view = await openWithCodeSent();
      const profiles = answerProfile({ is_verified: verifiedSince });
      await verifyTwiceLosingTheFirstAnswer(view.user, '654321');
      return { ...view, profiles };
    }

    it('finds the member verified by the profile, and says 手機驗證成功', async () => {
      const { router } = await verifyLosingTheFirstAnswer(true);
      expect(await notice()).toHaveTextContent('手機驗證成功');
      expect(router.state.location.pathname).toBe('/change_member');
    });

    it('shows the refusal when the profile says the member is not verified', async () => {
      const { router, profiles } = await verifyLosingTheFirstAnswer(false);
      expect(await notice()).toHaveTextContent(RC_MESSAGES.VERIFY_CODE_EXPIRED);
      expect(router.state.location.pathname).toBe('/verify_mobile');
      expect(profiles).toHaveLength(1);
    });
  });

  it('resends: 驗證碼已重新發送', async () => {
    const sends = answer('sendVerificationCode', () => reply('C01', {}));
    const { user } = await openWithCodeSent();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    expect(await notice()).toHaveTextContent('驗證碼已重新發送');
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(screen.queryByText(CODE_SENT_WITHIN_A_MINUTE)).not.toBeInTheDocument();
    expect(sends[0]?.params).toEqual({ verification_type: 'member_verification' });
  });

  it('sends a code typed in full-width digits (a Chinese keyboard in 全形 mode) as its digits', async () => {
    const verifies = answer('verifyVerificationCode', () => reply('C01', {}));
    const { user } = await openWithCodeSent();
    answerProfile({ is_verified: true });
    await user.type(screen.getByLabelText('驗證碼'), '６５４３２１');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await waitFor(() => expect(verifies).toHaveLength(1));
    expect(verifies[0]?.params).toMatchObject({ verification_code: '654321' });
  });

  it('says which code to enter when several SMS came: the newest, the only one the server still takes', async () => {
    await openWithCodeSent();
    expect(screen.getByText(/收到多封簡訊時，請輸入最新一封的驗證碼。/)).toBeInTheDocument();
  });

  describe('a send the server finds too soon after the last (its answer most likely lost)', () => {
    // SMS_RESEND_TOO_SOON: a code for this mobile went out within the last minute and is on its way.
    it('the first 發送驗證碼 goes on to the code as a sent code does, and says a code was sent within the minute', async () => {
      const sends = answer('sendVerificationCode', () => reply('SMS_RESEND_TOO_SOON'));
      loseNextAnswer('sendVerificationCode');
      answerProfile({ is_verified: false });
      signIn();
      const { user } = renderApp('/verify_mobile');
      await user.click(await screen.findByRole('button', { name: '發送驗證碼' }));
      await closeNetworkNotice(user);
      await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
      await expectCodeSentWithinAMinute();
      expect(screen.getByText('驗證碼已發送至 0912-345-678，請於 10 分鐘內輸入。')).toBeInTheDocument();
      expect(sends).toHaveLength(1);
    });

    it('a resend keeps the code entry, counts down, and says the same instead of refusing', async () => {
      const sends = answer('sendVerificationCode', () => reply('SMS_RESEND_TOO_SOON'));
      const { user } = await openWithCodeSent();
      await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
      await expectCodeSentWithinAMinute();
      expect(sends).toHaveLength(1);
    });
  });

  it('shows the RM of a refused resend, and the button stays usable', async () => {
    answer('sendVerificationCode', () => reply('SMS_SEND_LIMIT'));
    const { user } = await openWithCodeSent();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    expect(await notice()).toHaveTextContent(RC_MESSAGES.SMS_SEND_LIMIT);
    expect(screen.getByRole('button', { name: '重新發送驗證碼' })).toBeEnabled();
  });
});
