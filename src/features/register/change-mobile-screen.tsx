import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { mobileSchema } from '#protocol/schemas';
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
import { useUpdateRegisterMobileMutation } from './api';
import { saveStepOne } from './drafts';
import { RegistrationExpired } from './registration-expired';
import { StepHeader } from './step-header';

const changeMobileSchema = v.object({ mobile: mobileSchema });
type ChangeMobileValues = v.InferOutput<typeof changeMobileSchema>;

/** Before verifying, the member may send the code to another mobile; then back to step 3. */
export function ChangeMobileScreen() {
  const call = useCallState();
  const navigate = useNavigate();
  const updateMobile = useUpdateRegisterMobileMutation();
  const [hasTempToken, setHasTempToken] = useState(() => storage.tempAccessToken.get() !== null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangeMobileValues>({
    resolver: valibotResolver(changeMobileSchema),
    mode: 'onTouched',
    defaultValues: { mobile: '' },
  });

  const change = ({ mobile }: ChangeMobileValues) =>
    call.run(async () => {
      const answer = await updateMobile.mutateAsync(mobile);
      if (!answer) return setHasTempToken(false);
      if (hasRc(answer, 'C01')) {
        saveStepOne({ mobile });
        await navigate({ to: '/registerFinal' });
        return;
      }
      call.showNotice(hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT') ? t.register.mobileTaken : answer.rcrm.RM);
    });

  return (
    <PageCard>
      <StepHeader step={3} />
      {hasTempToken ? (
        <form noValidate onSubmit={handleSubmit(change)} className="flex flex-col gap-4">
          <h2 className="text-lg font-semibold text-ink">{t.register.changeMobile}</h2>
          <p className="text-base text-ink-muted">{t.register.changeMobileIntro}</p>
          <MobileField
            label={t.register.newMobileLabel}
            placeholder={t.register.mobilePlaceholder}
            errors={fieldMessages(errors.mobile)}
            {...register('mobile')}
          />
          <Button type="submit">{t.register.changeMobileSubmit}</Button>
          <p className="text-center text-base">
            <Link to="/registerFinal" className={linkClass}>
              {t.register.backToVerify}
            </Link>
          </p>
        </form>
      ) : (
        <RegistrationExpired />
      )}
      <LoadingModal open={call.busy} />
      <NoticeModal message={call.notice} onClose={call.closeNotice} />
    </PageCard>
  );
}
