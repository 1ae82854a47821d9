import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import type { UpdateMemberMobileParams } from '#protocol/endpoints';
import { loginPasswordSchema, mobileSchema } from '#protocol/schemas';
import { hasRc } from '../../api/client';
import { Button } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { MobileField } from '../../components/mobile-field';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { PasswordField } from '../../components/password-field';
import { t } from '../../i18n/zh-TW';
import { fieldMessages } from '../../lib/form-errors';
import { storage } from '../../lib/storage';
import { useCallState } from '../../lib/use-call-state';
import { useUpdateMemberMobileMutation } from './api';

// The current password: legacy members may still sign in with their 8-digit birthday.
const changeMobileSchema = v.object({ mobile: mobileSchema, password: loginPasswordSchema });

/** The new mobile and the password; a code then goes to the new mobile. */
export function ChangeMobileScreen() {
  const call = useCallState();
  const navigate = useNavigate();
  const updateMobile = useUpdateMemberMobileMutation();
  const [current] = useState(() => storage.memberAccessInfo.get()?.mobile ?? null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateMemberMobileParams>({
    resolver: valibotResolver(changeMobileSchema),
    mode: 'onSubmit',
    defaultValues: { mobile: '', password: '' },
  });

  const change = (values: UpdateMemberMobileParams) =>
    call.run(async () => {
      const answer = await updateMobile.mutateAsync(values);
      if (hasRc(answer, 'C01')) {
        storage.memberChangeMobile.set(values.mobile);
        await navigate({ to: '/verify_member_mobile' });
        return;
      }
      call.showNotice(hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT') ? t.mobile.mobileTaken : answer.rcrm.RM);
    });

  return (
    <PageCard title={t.mobile.changeHeading}>
      <form noValidate onSubmit={handleSubmit(change)} className="flex flex-col gap-4">
        <p className="text-base text-ink-muted">{t.mobile.changeIntro}</p>
        {current ? <p className="text-base text-ink">{t.mobile.current(current)}</p> : null}
        <MobileField
          label={t.mobile.newMobileLabel}
          placeholder={t.mobile.newMobilePlaceholder}
          errors={fieldMessages(errors.mobile)}
          {...register('mobile')}
        />
        <PasswordField
          label={t.mobile.passwordLabel}
          placeholder={t.mobile.passwordPlaceholder}
          autoComplete="current-password"
          errors={fieldMessages(errors.password)}
          {...register('password')}
        />
        <Button type="submit" className="mt-2">
          {t.mobile.sendCode}
        </Button>
        <p className="text-center text-base">
          <Link to="/change_member" className={linkClass}>
            {t.mobile.backToProfile}
          </Link>
        </p>
      </form>
      <LoadingModal open={call.busy} />
      <NoticeModal message={call.notice} onClose={call.closeNotice} />
    </PageCard>
  );
}
