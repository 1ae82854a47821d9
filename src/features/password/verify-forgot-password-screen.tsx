import { useNavigate } from '@tanstack/react-router';
import type { ApiResponse } from '#protocol/rc';
import { hasRc } from '../../api/client';
import { Button } from '../../components/button';
import { CodeForm } from '../../components/code-form';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { t } from '../../i18n/zh-TW';
import { useCallState } from '../../lib/use-call-state';
import { useForgetPasswordVerifyMutation, useResendForgetVerifyMutation } from './api';
import { RecoveryExpired } from './recovery-expired';
import { useRecoveryToken } from './use-recovery-token';

/** The code texted for a forgotten password, with resend; the right one leads to /reset_pwd. */
export function VerifyForgotPasswordScreen() {
  const call = useCallState();
  const navigate = useNavigate();
  const recovery = useRecoveryToken();
  const verify = useForgetPasswordVerifyMutation();
  const resend = useResendForgetVerifyMutation();

  function refused(answer: ApiResponse<unknown>) {
    if (hasRc(answer, 'TOKEN_INVALID')) recovery.lose();
    call.showNotice(answer.rcrm.RM);
  }

  const verifyCode = (code: string) =>
    call.run(async () => {
      const answer = await verify.mutateAsync(code);
      if (!answer) return recovery.lose();
      if (!hasRc(answer, 'C01')) return refused(answer);
      await navigate({ to: '/reset_pwd' });
    });

  const resendCode = () =>
    call.run(async () => {
      const answer = await resend.mutateAsync();
      if (!answer) return recovery.lose();
      if (!hasRc(answer, 'C01')) return refused(answer);
      call.showNotice(t.verificationCode.resent);
    });

  return (
    <PageCard title={t.password.verifyHeading}>
      {recovery.present ? (
        <div className="flex flex-col gap-4">
          <p className="text-base text-ink">{t.password.codeSent}</p>
          <CodeForm onVerify={verifyCode} />
          <Button variant="secondary" onClick={() => void resendCode()}>
            {t.verificationCode.resend}
          </Button>
          <p className="text-sm text-ink-muted">{t.verificationCode.resendHint}</p>
        </div>
      ) : (
        <RecoveryExpired />
      )}
      <LoadingModal open={call.busy} />
      <NoticeModal message={call.notice} onClose={call.closeNotice} />
    </PageCard>
  );
}
