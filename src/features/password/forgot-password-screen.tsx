import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { hasRc } from '../../api/client';
import { Button } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { MobileField } from '../../components/mobile-field';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { t } from '../../i18n/zh-TW';
import { fieldMessages } from '../../lib/form-errors';
import { storage } from '../../lib/storage';
import { useCallState } from '../../lib/use-call-state';
import { useForgetPasswordMutation } from './api';
import { type ForgotPasswordValues, forgotPasswordSchema } from './form-schemas';

/** Start of password recovery: the member's mobile gets a code, and the tab keeps the temp token. */
export function ForgotPasswordScreen() {
  const call = useCallState();
  const navigate = useNavigate();
  const forgetPassword = useForgetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({
    resolver: valibotResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { mobile: '' },
  });

  const sendCode = ({ mobile }: ForgotPasswordValues) =>
    call.run(async () => {
      const answer = await forgetPassword.mutateAsync({ mobile });
      if (!hasRc(answer, 'C01')) return call.showNotice(answer.rcrm.RM);
      const token = answer.results?.temp_access_token;
      if (!token) throw new Error('forget_password answered C01 without a temp token');
      storage.forgotPasswordToken.set(token);
      await navigate({ to: '/verify_forget_password' });
    });

  return (
    <PageCard title={t.password.forgotHeading}>
      <form noValidate onSubmit={handleSubmit(sendCode)} className="flex flex-col gap-4">
        <p className="text-base text-ink-muted">{t.password.forgotIntro}</p>
        <MobileField
          label={t.password.mobileLabel}
          placeholder={t.password.mobilePlaceholder}
          errors={fieldMessages(errors.mobile)}
          {...register('mobile')}
        />
        <p className="text-sm text-ink-muted">{t.verificationCode.resendHint}</p>
        <Button type="submit">{t.password.sendCode}</Button>
      </form>
      <p className="mt-6 text-center text-base">
        <Link to="/login" className={linkClass}>
          {t.common.backToLogin}
        </Link>
      </p>
      <LoadingModal open={call.busy} />
      <NoticeModal message={call.notice} onClose={call.closeNotice} />
    </PageCard>
  );
}
