import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { mobileSchema } from '#protocol/schemas';
import { failureMessage, hasRc } from '../../api/client';
import { memberTokenOf } from '../../api/member-login';
import { Button } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { MobileField } from '../../components/mobile-field';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { registerTexts } from '../../i18n/zh-TW/register';
import { fieldMessages } from '../../lib/form-errors';
import { storage } from '../../lib/storage';
import { useForm } from '../../lib/use-form';
import { codeOnItsWay } from '../../lib/use-resend-countdown';
import { saveStepOne } from './drafts';
import { RegistrationExpired } from './registration-expired';
import { StepHeader } from './step-header';
import { isSignedInInstead, useUpdateRegisterMobileMutation } from './step-three-api';
import { useWelcome } from './use-welcome';
import { WelcomeOverlay } from './welcome-overlay';

const changeMobileSchema = v.object({ mobile: mobileSchema });
type ChangeMobileValues = v.InferOutput<typeof changeMobileSchema>;

/** Before verifying, the member may send the code to another mobile; then back to step 3. */
export function ChangeMobileScreen() {
  const navigate = useNavigate();
  const [hasTempToken, setHasTempToken] = useState(() => storage.tempAccessToken.get() !== null);
  const [notice, setNotice] = useState<string | null>(null);
  const welcome = useWelcome();
  const updateMobile = useUpdateRegisterMobileMutation({
    onSuccess: (answer, mobile) => {
      if (!answer) return setHasTempToken(false);
      // The verify before this change worked after all (its answer lost): welcomed as after it.
      if (isSignedInInstead(answer)) return welcome.welcome(memberTokenOf(answer.signedInInstead, 'login'));
      // Found too soon: a code for this mobile went out within the minute, most likely by this same
      // change whose answer was lost (`codeOnItsWay`). On to it as after C01.
      if (codeOnItsWay('register', answer)) {
        saveStepOne({ mobile });
        // Returning the navigation keeps the loading modal up until step 3 shows.
        return navigate({ to: '/registerFinal' });
      }
      setNotice(hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT') ? registerTexts.mobileTaken : answer.rcrm.RM);
    },
    onError: (error) => setNotice(failureMessage(error)),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangeMobileValues>({
    resolver: valibotResolver(changeMobileSchema),
    mode: 'onTouched',
    defaultValues: { mobile: '' },
  });

  return (
    <PageCard>
      <StepHeader step={3} />
      {hasTempToken ? (
        <form
          noValidate
          onSubmit={handleSubmit(({ mobile }) => updateMobile.mutate(mobile))}
          className="flex flex-col gap-4"
        >
          <h2 className="text-lg font-semibold text-ink">{registerTexts.changeMobile}</h2>
          <p className="text-base text-ink-muted">{registerTexts.changeMobileIntro}</p>
          <MobileField
            label={registerTexts.newMobileLabel}
            placeholder={registerTexts.mobilePlaceholder}
            errors={fieldMessages(errors.mobile)}
            {...register('mobile')}
          />
          <Button type="submit" disabled={updateMobile.isPending}>
            {registerTexts.changeMobileSubmit}
          </Button>
          <p className="text-center text-base">
            <Link to="/registerFinal" className={linkClass}>
              {registerTexts.backToVerify}
            </Link>
          </p>
        </form>
      ) : (
        <RegistrationExpired />
      )}
      <WelcomeOverlay welcomed={welcome.welcomed} redirectFailed={welcome.redirectFailed} />
      <LoadingModal open={updateMobile.isPending} holdsBack />
      <NoticeModal message={notice} onClose={() => setNotice(null)} />
    </PageCard>
  );
}
