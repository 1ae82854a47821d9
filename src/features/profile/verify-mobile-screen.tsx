import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { failureMessage, hasRc } from '../../api/client';
import { buttonClass } from '../../components/button';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { mobileTexts } from '../../i18n/zh-TW/mobile';
import { spacedMobile } from '../../lib/mobile-number';
import { useToLoginIfSessionEnded } from '../../lib/session-ended';
import { codeOnItsWay, resendNotice, wasCodeSent } from '../../lib/use-resend-countdown';
import { memberProfileQueryOptions } from './api/get-member-profile';
import { useSendVerificationCodeMutation } from './api/send-verification-code';
import { useVerifyVerificationCodeMutation } from './api/verify-verification-code';
import { CodeScreen } from './code-screen';
import { ProfileLoadFailure } from './profile-load-states';

/**
 * Verifying the member's current mobile. Arriving sends nothing: a verified mobile is said to be
 * one, and otherwise the member sends the first code with the send button (each send counts against
 * the three a day, so a reload or a step back must not spend one).
 */
export function VerifyMobileScreen({ loadFailure }: { loadFailure: unknown }) {
  if (loadFailure) return <ProfileLoadFailure error={loadFailure} title={mobileTexts.verifyHeading} />;
  return <VerifyMobile />;
}

function VerifyMobile() {
  const { data: profile } = useSuspenseQuery(memberProfileQueryOptions());
  return profile.is_verified ? <AlreadyVerified /> : <VerifyCode mobile={profile.mobile} />;
}

function VerifyCode({ mobile }: { mobile: string }) {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const toLoginIfSessionEnded = useToLoginIfSessionEnded();
  // A code this tab sent is still the one to enter: a reload shows its form again, sending nothing.
  const [sent, setSent] = useState(() => wasCodeSent('verify_mobile'));
  const showFailure = (error: Error) => setNotice(failureMessage(error));
  const send = useSendVerificationCodeMutation({
    onSuccess: (answer) => (codeOnItsWay('verify_mobile', answer) ? setSent(true) : setNotice(answer.rcrm.RM)),
    onError: showFailure,
  });
  const resend = useSendVerificationCodeMutation({
    onSuccess: (answer) => setNotice(resendNotice('verify_mobile', answer)),
    onError: showFailure,
  });
  const verify = useVerifyVerificationCodeMutation({
    onSuccess: ({ answer, madeEarlier }) => {
      if (!hasRc(answer, 'C01') && !madeEarlier) return setNotice(answer.rcrm.RM);
      return navigate({ to: '/change_member', search: { notice: 'mobile_verified' } });
    },
    onError: showFailure,
  });
  const shown = spacedMobile(mobile);

  return (
    <CodeScreen
      heading={mobileTexts.verifyHeading}
      purpose="verify_mobile"
      sentTo={mobileTexts.codeSentTo(shown)}
      busy={send.isPending || resend.isPending || verify.isPending}
      notice={notice}
      onCloseNotice={() => {
        setNotice(null);
        toLoginIfSessionEnded();
      }}
      onVerify={(code) => verify.mutate(code)}
      onResend={() => resend.mutate()}
      firstSend={sent ? undefined : { intro: mobileTexts.verifyIntro(shown), onSend: () => send.mutate() }}
    />
  );
}

/** Nothing to verify: the mobile is verified already, and the way back is to the profile. */
function AlreadyVerified() {
  return (
    <PageCard title={mobileTexts.verifyHeading}>
      <div className="flex flex-col items-center gap-4 text-center">
        <p className="text-base text-ink">{mobileTexts.alreadyVerified}</p>
        <Link to="/change_member" className={buttonClass('primary')}>
          {commonTexts.backToProfile}
        </Link>
      </div>
    </PageCard>
  );
}
