import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { failureMessage, hasRc } from '../../api/client';
import { buttonClass } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { mobileTexts } from '../../i18n/zh-TW/mobile';
import { spacedMobile } from '../../lib/mobile-number';
import { useToLoginIfSessionEnded } from '../../lib/session-ended';
import { storage } from '../../lib/storage';
import { resendNotice } from '../../lib/use-resend-countdown';
import { lastLoadedProfile } from './api/get-member-profile';
import { useMemberVerifyMutation } from './api/member-verify';
import { useResendMemberVerifyMutation } from './api/resend-member-verify';
import { CodeScreen } from './code-screen';
import { pendingNewMobile } from './pending-new-mobile';

/** The code sent to the new mobile: the right one makes it the account. */
export function VerifyNewMobileScreen() {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const toLoginIfSessionEnded = useToLoginIfSessionEnded();
  const [mobile] = useState(() => pendingNewMobile(lastLoadedProfile()));
  const showFailure = (error: Error) => setNotice(failureMessage(error));
  const verify = useMemberVerifyMutation({
    onSuccess: ({ answer, madeEarlier }) => {
      if (hasRc(answer, 'C01') || madeEarlier) {
        storage.memberChangeMobile.remove();
        // In place of this screen: Back from the profile would find no mobile to verify, and say so
        // as if the change had been lost.
        return navigate({ to: '/change_member', search: { notice: 'mobile_changed' }, replace: true });
      }
      setNotice(hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT') ? mobileTexts.mobileTaken : answer.rcrm.RM);
    },
    onError: showFailure,
  });
  const resend = useResendMemberVerifyMutation({
    onSuccess: (answer) => setNotice(resendNotice('change_mobile', answer)),
    onError: showFailure,
  });

  if (!mobile) return <NoPendingMobile />;
  return (
    <CodeScreen
      heading={mobileTexts.verifyNewHeading}
      purpose="change_mobile"
      sentTo={mobileTexts.codeSentTo(spacedMobile(mobile))}
      busy={verify.isPending || resend.isPending}
      notice={notice}
      onCloseNotice={() => {
        setNotice(null);
        toLoginIfSessionEnded();
      }}
      onVerify={(code) => verify.mutate(code)}
      onResend={() => resend.mutate()}
      extraLink={
        <Link to="/change_member_mobile" className={linkClass}>
          {mobileTexts.reenter}
        </Link>
      }
    />
  );
}

/**
 * Arrived without a new mobile to verify (another tab, verified already, or another member's left
 * in the tab): entering one, or back to the profile.
 */
function NoPendingMobile() {
  return (
    <PageCard title={mobileTexts.verifyNewHeading}>
      <div role="alert" className="flex flex-col items-center gap-4 text-center">
        <h2 className="text-lg font-semibold text-ink">{mobileTexts.noPendingTitle}</h2>
        <p className="text-ink-muted">{mobileTexts.noPendingText}</p>
        <Link to="/change_member_mobile" className={buttonClass('primary')}>
          {mobileTexts.reenter}
        </Link>
        <Link to="/change_member" className={linkClass}>
          {commonTexts.backToProfile}
        </Link>
      </div>
    </PageCard>
  );
}
