import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApiResponse } from '#protocol/rc';
import { failureMessage, hasRc } from '../../api/client';
import { CodeForm, ResendButton } from '../../components/code-form';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { passwordTexts } from '../../i18n/zh-TW/password';
import { verificationCodeTexts } from '../../i18n/zh-TW/verification-code';
import { useCarriedMobile } from '../../lib/mobile-number';
import { useNavigateWhileShown } from '../../lib/use-navigate-while-shown';
import { resendNotice } from '../../lib/use-resend-countdown';
import { useForgetPasswordVerifyMutation } from './api/forget-password-verify';
import { useResendForgetVerifyMutation } from './api/resend-forget-verify';
import { RecoveryExpired } from './recovery-expired';
import { useRecoveryToken } from './use-recovery-token';

/** The code texted for a forgotten password, with resend; the right one leads to /reset_pwd. */
export function VerifyForgotPasswordScreen() {
  const navigate = useNavigateWhileShown();
  // The mobile the recovery started with, carried on to /login (decision 0023).
  const carriedMobile = useCarriedMobile();
  const recovery = useRecoveryToken();
  const [notice, setNotice] = useState<string | null>(null);

  function refused(answer: ApiResponse<unknown>) {
    if (hasRc(answer, 'TOKEN_INVALID')) recovery.lose();
    setNotice(answer.rcrm.RM);
  }
  const showFailure = (error: Error) => setNotice(failureMessage(error));

  const verify = useForgetPasswordVerifyMutation({
    onSuccess: (answer) =>
      hasRc(answer, 'C01') ? navigate({ to: '/reset_pwd', state: { mobile: carriedMobile } }) : refused(answer),
    onError: showFailure,
  });
  const resend = useResendForgetVerifyMutation({
    onSuccess: (answer) => {
      if (hasRc(answer, 'TOKEN_INVALID')) recovery.lose();
      setNotice(resendNotice('forgot_password', answer));
    },
    onError: showFailure,
  });
  const busy = verify.isPending || resend.isPending;

  function verifyCode(code: string) {
    const token = recovery.take();
    if (token) verify.mutate({ token, code });
  }

  function resendCode() {
    const token = recovery.take();
    if (token) resend.mutate(token);
  }

  return (
    <PageCard title={passwordTexts.verifyHeading}>
      {recovery.present ? (
        <div className="flex flex-col gap-4">
          <p className="text-base text-ink">{passwordTexts.codeSent}</p>
          <CodeForm onVerify={verifyCode} busy={busy} />
          <ResendButton purpose="forgot_password" onResend={resendCode} busy={busy} />
          <p className="text-sm text-ink-muted">{verificationCodeTexts.resendHint}</p>
          <p className="text-center text-base">
            <Link to="/forgotPassword" className={linkClass}>
              {passwordTexts.backToForgot}
            </Link>
          </p>
        </div>
      ) : (
        <RecoveryExpired />
      )}
      <LoadingModal open={busy} />
      <NoticeModal message={notice} onClose={() => setNotice(null)} />
    </PageCard>
  );
}
