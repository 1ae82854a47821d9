import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { hasRc } from '../../api/client';
import { buttonClass } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { PageCard } from '../../components/page-card';
import { t } from '../../i18n/zh-TW';
import { spacedMobile } from '../../lib/mobile-number';
import { storage } from '../../lib/storage';
import { useCallState } from '../../lib/use-call-state';
import { useMemberVerifyMutation, useResendMemberVerifyMutation } from './api';
import { CodeScreen } from './code-screen';

/** The code sent to the new mobile: the right one makes it the account. */
export function VerifyNewMobileScreen() {
  const call = useCallState();
  const navigate = useNavigate();
  const verify = useMemberVerifyMutation();
  const resend = useResendMemberVerifyMutation();
  const [mobile] = useState(() => storage.memberChangeMobile.get());

  const verifyCode = (code: string) =>
    call.run(async () => {
      const answer = await verify.mutateAsync(code);
      if (hasRc(answer, 'C01')) {
        storage.memberChangeMobile.remove();
        await navigate({ to: '/change_member', search: { notice: 'mobile_changed' } });
        return;
      }
      call.showNotice(hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT') ? t.mobile.mobileTaken : answer.rcrm.RM);
    });

  const resendCode = () =>
    call.run(async () => {
      const answer = await resend.mutateAsync();
      call.showNotice(hasRc(answer, 'C01') ? t.verificationCode.resent : answer.rcrm.RM);
    });

  if (!mobile) return <NoPendingMobile />;
  return (
    <CodeScreen
      heading={t.mobile.verifyNewHeading}
      sentTo={t.mobile.codeSentTo(spacedMobile(mobile))}
      busy={call.busy}
      notice={call.notice}
      onCloseNotice={call.closeNotice}
      onVerify={verifyCode}
      onResend={() => void resendCode()}
      extraLink={
        <Link to="/change_member_mobile" className={linkClass}>
          {t.mobile.reenter}
        </Link>
      }
    />
  );
}

/** Arrived without a new mobile to verify (another tab, or it was verified already). */
function NoPendingMobile() {
  return (
    <PageCard title={t.mobile.verifyNewHeading}>
      <div role="alert" className="flex flex-col items-center gap-4 text-center">
        <h2 className="text-lg font-semibold text-ink">{t.mobile.noPendingTitle}</h2>
        <p className="text-ink-muted">{t.mobile.noPendingText}</p>
        <Link to="/change_member_mobile" className={buttonClass('primary')}>
          {t.mobile.reenter}
        </Link>
      </div>
    </PageCard>
  );
}
