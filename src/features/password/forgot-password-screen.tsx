import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { RC_MESSAGES } from '#protocol/rc';
import { failureMessage, hasRc } from '../../api/client';
import { Button, buttonClass } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { MobileField } from '../../components/mobile-field';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { passwordTexts } from '../../i18n/zh-TW/password';
import { verificationCodeTexts } from '../../i18n/zh-TW/verification-code';
import { fieldMessages } from '../../lib/form-errors';
import { useCarriedMobile } from '../../lib/mobile-number';
import { readSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { useForm } from '../../lib/use-form';
import { useNavigateWhileShown } from '../../lib/use-navigate-while-shown';
import { markCodeSent } from '../../lib/use-resend-countdown';
import { useForgetPasswordMutation } from './api/forget-password';
import { type ForgotPasswordValues, forgotPasswordSchema } from './form-schemas';

/** Start of password recovery: the member's mobile gets a code, and the tab keeps the temp token. */
export function ForgotPasswordScreen() {
  const navigate = useNavigateWhileShown();
  // A mobile that is no member's (unknownMobile): the member may have meant to register with it.
  const [notice, setNotice] = useState<{ message: string; unknownMobile?: string } | null>(null);
  const forgetPassword = useForgetPasswordMutation({
    onSuccess: (answer, mobile) => {
      if (hasRc(answer, 'MEMBER_IS_NOT_EXIST')) return setNotice({ message: answer.rcrm.RM, unknownMobile: mobile });
      if (!hasRc(answer, 'C01')) return setNotice({ message: answer.rcrm.RM });
      const token = answer.results?.temp_access_token;
      // A C01 without the token leaves nothing to verify with: the server failed.
      if (!token) return setNotice({ message: RC_MESSAGES.SYSTEM_ERROR });
      storage.forgotPasswordToken.set(token);
      storage.passwordResetDone.remove();
      markCodeSent('forgot_password');
      // The mobile goes along to /login once the password is reset (decision 0023).
      return navigate({ to: '/verify_forget_password', state: { mobile } });
    },
    onError: (error) => setNotice({ message: failureMessage(error) }),
  });
  const carriedMobile = useCarriedMobile();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({
    resolver: valibotResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { mobile: carriedMobile },
  });

  return (
    <PageCard title={passwordTexts.forgotHeading}>
      <form
        noValidate
        onSubmit={handleSubmit(({ mobile }) => forgetPassword.mutate(mobile))}
        className="flex flex-col gap-4"
      >
        <p className="text-base text-ink-muted">{passwordTexts.forgotIntro}</p>
        <MobileField
          label={passwordTexts.mobileLabel}
          placeholder={passwordTexts.mobilePlaceholder}
          errors={fieldMessages(errors.mobile)}
          {...register('mobile')}
        />
        <p className="text-sm text-ink-muted">{verificationCodeTexts.resendHint}</p>
        <Button type="submit" disabled={forgetPassword.isPending}>
          {passwordTexts.sendCode}
        </Button>
      </form>
      <p className="mt-6 text-center text-base">
        {/* A signed-in member came from changing the password, which asked for the one they do not know. */}
        {readSession() ? (
          <Link to="/change_pwd" className={linkClass}>
            {passwordTexts.backToChange}
          </Link>
        ) : (
          <Link to="/login" className={linkClass}>
            {commonTexts.backToLogin}
          </Link>
        )}
      </p>
      <LoadingModal open={forgetPassword.isPending} />
      <NoticeModal
        message={notice?.message ?? null}
        onClose={() => setNotice(null)}
        waysOn={
          notice?.unknownMobile ? (
            <Link to="/registerFirst" state={{ mobile: notice.unknownMobile }} className={buttonClass('primary')}>
              {passwordTexts.register}
            </Link>
          ) : null
        }
      />
    </PageCard>
  );
}
