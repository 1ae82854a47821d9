import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { loginPasswordSchema } from '#protocol/schemas';
import { hasRc } from '../../api/client';
import { Button } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { PasswordField } from '../../components/password-field';
import { SuccessOverlay } from '../../components/success-overlay';
import { t } from '../../i18n/zh-TW';
import { fieldMessages } from '../../lib/form-errors';
import { lineBindData, lineBindMobile } from '../../lib/line-bind';
import { spacedMobile } from '../../lib/mobile-number';
import { useCallState } from '../../lib/use-call-state';
import { useBindThirdPartyMutation, useLoginMutation } from './api';
import { NeedLineLogin } from './need-line-login';
import { useBoundWelcome } from './use-bound-welcome';

const passwordFormSchema = v.object({ password: loginPasswordSchema });
type PasswordValues = v.InferOutput<typeof passwordFormSchema>;

/** LINE bind, step 2: the member's password proves the account, then the LINE id is bound to it. */
export function LineBindPasswordScreen() {
  const call = useCallState();
  const login = useLoginMutation();
  const bindThirdParty = useBindThirdPartyMutation();
  const welcome = useBoundWelcome();
  const [mobile] = useState(() => lineBindMobile.get() ?? '');
  const [bind] = useState(lineBindData);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: valibotResolver(passwordFormSchema),
    mode: 'onSubmit',
    defaultValues: { password: '' },
  });

  const bindWithPassword = ({ password }: PasswordValues) =>
    call.run(async () => {
      if (!bind) return;
      const signedIn = await login.mutateAsync({ account: mobile, password });
      if (!hasRc(signedIn, 'C01')) return call.showNotice(signedIn.rcrm.RM);
      const memberToken = signedIn.results?.member_access_token;
      if (!memberToken) throw new Error('login answered C01 without a member token');
      const bound = await bindThirdParty.mutateAsync({ memberToken, bind });
      if (!hasRc(bound, 'C01')) return call.showNotice(bound.rcrm.RM);
      welcome.welcome(memberToken, bind.verify_data.line_token);
    });

  return (
    <PageCard title={t.lineBind.heading}>
      {bind ? (
        <form noValidate onSubmit={handleSubmit(bindWithPassword)} className="flex flex-col gap-4">
          <p className="text-base text-ink-muted">{t.lineBind.passwordIntro}</p>
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-base font-medium text-ink">
            {t.lineBind.account(spacedMobile(mobile))}
          </p>
          {/* The account for password managers, which fill the password of the account they see. */}
          <input type="hidden" name="username" autoComplete="username" value={mobile} readOnly />
          <PasswordField
            label={t.lineBind.passwordLabel}
            placeholder={t.lineBind.passwordPlaceholder}
            autoComplete="current-password"
            errors={fieldMessages(errors.password)}
            {...register('password')}
          />
          <Button type="submit" className="mt-2">
            {t.lineBind.submit}
          </Button>
          <nav className="flex items-center justify-between text-base">
            <Link to="/line_bind" className={linkClass}>
              {t.lineBind.otherMobile}
            </Link>
            <Link to="/forgotPassword" className={linkClass}>
              {t.lineBind.forgotPassword}
            </Link>
          </nav>
        </form>
      ) : (
        <NeedLineLogin />
      )}
      <SuccessOverlay
        open={welcome.bound}
        title={t.lineBind.successTitle}
        redirecting={t.lineBind.successRedirecting}
        fallback={t.lineBind.goToMemberArea}
        redirectFailed={welcome.redirectFailed}
      />
      <LoadingModal open={call.busy} />
      <NoticeModal message={call.notice} onClose={call.closeNotice} closeLabel={t.common.ok} />
    </PageCard>
  );
}
