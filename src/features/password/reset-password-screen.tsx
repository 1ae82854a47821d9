import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { failureMessage, hasRc } from '../../api/client';
import { Button } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NewPasswordFields } from '../../components/new-password-fields';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { ResultModal } from '../../components/result-modal';
import { commonTexts } from '../../i18n/zh-TW/common';
import { passwordTexts } from '../../i18n/zh-TW/password';
import { useCarriedMobile } from '../../lib/mobile-number';
import { endSession } from '../../lib/session';
import { useForm } from '../../lib/use-form';
import { useRecheckWhenChanged } from '../../lib/use-recheck';
import { useResetPasswordMutation } from './api/reset-password';
import { type ResetPasswordValues, resetPasswordSchema } from './form-schemas';
import { RecoveryExpired } from './recovery-expired';
import { useRecoveryToken } from './use-recovery-token';

/** The new password, set with the verified temp token; once confirmed, the member logs in again. */
export function ResetPasswordScreen() {
  const navigate = useNavigate();
  // The mobile the recovery started with, carried on to /login (decision 0023).
  const carriedMobile = useCarriedMobile();
  const recovery = useRecoveryToken();
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // The code was never verified: once the member has read why, the code screen.
  const [backToCode, setBackToCode] = useState(false);
  const form = useForm<ResetPasswordValues>({
    resolver: valibotResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '' },
  });
  const { register, handleSubmit, formState } = form;
  useRecheckWhenChanged(form, 'password', 'confirm');
  const resetPassword = useResetPasswordMutation({
    onSuccess: ({ answer, madeEarlier }) => {
      if (hasRc(answer, 'C01')) {
        recovery.finish();
        // The server has ended every session of the member; a signed-in member who recovered the
        // password signs in again with it, on /login's form.
        endSession();
        return setDone(true);
      }
      if (hasRc(answer, 'TOKEN_INVALID')) recovery.lose();
      setBackToCode(hasRc(answer, 'VERIFY_CODE_REQUIRED'));
      // After a lost answer the spent token most likely means the reset was made: said so, without promising.
      setNotice(madeEarlier ? passwordTexts.resetMayBeDone : answer.rcrm.RM);
    },
    onError: (error) => setNotice(failureMessage(error)),
  });

  function reset({ password }: ResetPasswordValues) {
    const token = recovery.take();
    if (token) resetPassword.mutate({ token, password });
  }

  function closeNotice() {
    setNotice(null);
    if (backToCode) void navigate({ to: '/verify_forget_password' });
  }

  return (
    <PageCard title={passwordTexts.resetHeading}>
      {recovery.present ? (
        <form noValidate onSubmit={handleSubmit(reset)} className="flex flex-col gap-4">
          <p className="text-base text-ink-muted">{passwordTexts.resetIntro}</p>
          <NewPasswordFields
            text={passwordTexts}
            password={register('password')}
            confirm={register('confirm')}
            errors={formState.errors}
          />
          <Button type="submit" className="mt-2" disabled={resetPassword.isPending}>
            {passwordTexts.submit}
          </Button>
        </form>
      ) : (
        <RecoveryExpired />
      )}
      <p className="mt-6 text-center text-base">
        <Link to="/login" className={linkClass}>
          {commonTexts.backToLogin}
        </Link>
      </p>
      <LoadingModal open={resetPassword.isPending} holdsBack />
      <NoticeModal message={notice} onClose={closeNotice} />
      <ResultModal
        message={done ? passwordTexts.resetDone : null}
        onConfirm={() => void navigate({ to: '/login', replace: true, state: { mobile: carriedMobile } })}
      />
    </PageCard>
  );
}
