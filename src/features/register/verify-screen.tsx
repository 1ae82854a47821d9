import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Results } from '#protocol/endpoints';
import type { ApiResponse } from '#protocol/rc';
import { failureMessage, hasRc } from '../../api/client';
import { memberTokenOf } from '../../api/member-login';
import { Button, buttonClass } from '../../components/button';
import { CodeForm, ResendButton } from '../../components/code-form';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { registerTexts } from '../../i18n/zh-TW/register';
import { verificationCodeTexts } from '../../i18n/zh-TW/verification-code';
import { spacedMobile } from '../../lib/mobile-number';
import { storage } from '../../lib/storage';
import { resendNotice } from '../../lib/use-resend-countdown';
import { stepOneDraft } from './drafts';
import { RegistrationExpired } from './registration-expired';
import { StepHeader } from './step-header';
import {
  isSignedInInstead,
  useRegisterSkipVerifyMutation,
  useRegisterVerifyMutation,
  useResendRegisterVerifyMutation,
} from './step-three-api';
import { useWelcome } from './use-welcome';
import { WelcomeOverlay } from './welcome-overlay';

/** Registration step 3: verify the mobile by SMS code, or skip, resend, or change the mobile. */
export function VerifyScreen() {
  const welcome = useWelcome();
  const [hasTempToken, setHasTempToken] = useState(() => storage.tempAccessToken.get() !== null);
  const [mobile] = useState(() => stepOneDraft().mobile);
  const [notice, setNotice] = useState<string | null>(null);
  const onError = (error: Error) => setNotice(failureMessage(error));

  // Verifying and skipping both end in a member token (after a lost answer, through a sign-in
  // with step 1's mobile and password: see `signedInInstead`; a resend after one ends so too):
  // signed in, welcomed, then taken on. A null answer: the registration is gone.
  function signIn(answer: ApiResponse<Results<'registerVerify'>> | null) {
    if (!answer) return setHasTempToken(false);
    if (!hasRc(answer, 'C01')) return setNotice(answer.rcrm.RM);
    welcome.welcome(memberTokenOf(answer, 'registration'));
  }

  const verify = useRegisterVerifyMutation({ onSuccess: signIn, onError });
  const skip = useRegisterSkipVerifyMutation({ onSuccess: signIn, onError });
  const resend = useResendRegisterVerifyMutation({
    onSuccess: (answer) => {
      if (!answer) return setHasTempToken(false);
      if (isSignedInInstead(answer)) return signIn(answer.signedInInstead);
      setNotice(resendNotice('register', answer));
    },
    onError,
  });
  const pending = verify.isPending || skip.isPending || resend.isPending;

  return (
    <PageCard>
      <StepHeader step={3} />
      {hasTempToken || welcome.welcomed ? (
        <div className="flex flex-col gap-4">
          {mobile ? <p className="text-base text-ink">{registerTexts.codeSentTo(spacedMobile(mobile))}</p> : null}
          <CodeForm onVerify={(code) => verify.mutate(code)} busy={pending} />
          <Button variant="secondary" onClick={() => skip.mutate()} disabled={pending}>
            {registerTexts.skipVerify}
          </Button>
          <ResendButton purpose="register" onResend={() => resend.mutate()} busy={pending} />
          <Link to="/registerFinal/change_mobile" className={buttonClass('secondary')}>
            {registerTexts.changeMobile}
          </Link>
          <p className="text-sm text-ink-muted">{verificationCodeTexts.resendHint}</p>
        </div>
      ) : (
        <RegistrationExpired />
      )}
      <WelcomeOverlay welcomed={welcome.welcomed} redirectFailed={welcome.redirectFailed} />
      <LoadingModal open={pending} holdsBack />
      <NoticeModal message={notice} onClose={() => setNotice(null)} />
    </PageCard>
  );
}
