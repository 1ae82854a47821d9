import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { loginPasswordSchema } from '#protocol/schemas';
import { failureMessage } from '../../api/client';
import { Button } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { PasswordField } from '../../components/password-field';
import { SuccessOverlay } from '../../components/success-overlay';
import { commonTexts } from '../../i18n/zh-TW/common';
import { lineBindTexts } from '../../i18n/zh-TW/line-bind';
import { fieldMessages } from '../../lib/form-errors';
import { lineBindData, lineBindMobile } from '../../lib/line-bind';
import { spacedMobile } from '../../lib/mobile-number';
import { useForm } from '../../lib/use-form';
import { useBindLineMutation } from './api';
import { NeedLineLogin } from './need-line-login';
import { useBoundWelcome } from './use-bound-welcome';

const passwordFormSchema = v.object({ password: loginPasswordSchema });
type PasswordValues = v.InferOutput<typeof passwordFormSchema>;

/** LINE bind, step 2: the member's password proves the account, then the LINE id is bound to it. */
export function LineBindPasswordScreen() {
  const welcome = useBoundWelcome();
  const [mobile] = useState(() => lineBindMobile.get() ?? '');
  const [bind] = useState(lineBindData);
  const [notice, setNotice] = useState<string | null>(null);
  const binding = useBindLineMutation({
    onSuccess: (outcome, request) => {
      if ('refusal' in outcome) setNotice(outcome.refusal);
      else welcome.welcome(outcome.memberToken, request.bind.verify_data.line_token);
    },
    onError: (error) => setNotice(failureMessage(error)),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: valibotResolver(passwordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });

  const bindWithPassword = ({ password }: PasswordValues) => {
    if (bind && !binding.isPending) binding.mutate({ mobile, password, bind });
  };

  return (
    <PageCard title={lineBindTexts.heading}>
      {bind ? (
        <form noValidate onSubmit={handleSubmit(bindWithPassword)} className="flex flex-col gap-4">
          <p className="text-base text-ink-muted">{lineBindTexts.passwordIntro}</p>
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-base font-medium text-ink">
            {lineBindTexts.account}
            <span className="whitespace-nowrap">{spacedMobile(mobile)}</span>
          </p>
          {/* The account for password managers, which fill the password of the account they see. */}
          <input type="hidden" name="username" autoComplete="username" value={mobile} readOnly />
          <PasswordField
            label={lineBindTexts.passwordLabel}
            placeholder={lineBindTexts.passwordPlaceholder}
            autoComplete="current-password"
            errors={fieldMessages(errors.password)}
            {...register('password')}
          />
          <Button type="submit" className="mt-2">
            {lineBindTexts.submit}
          </Button>
          <nav className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 whitespace-nowrap text-base">
            <Link to="/line_bind" className={linkClass}>
              {lineBindTexts.otherMobile}
            </Link>
            {/* The mobile comes along: the member has typed it once already. */}
            <Link to="/forgotPassword" state={{ mobile }} className={linkClass}>
              {lineBindTexts.forgotPassword}
            </Link>
          </nav>
        </form>
      ) : (
        <NeedLineLogin />
      )}
      <SuccessOverlay
        open={welcome.bound}
        title={lineBindTexts.successTitle}
        redirecting={lineBindTexts.successRedirecting}
        fallback={commonTexts.goToMemberArea}
        redirectFailed={welcome.redirectFailed}
      />
      <LoadingModal open={binding.isPending} holdsBack />
      <NoticeModal message={notice} onClose={() => setNotice(null)} closeLabel={commonTexts.ok} />
    </PageCard>
  );
}
