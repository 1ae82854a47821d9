import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { failureMessage, hasRc } from '../../api/client';
import { t } from '../../i18n/zh-TW';
import { spacedMobile } from '../../lib/mobile-number';
import { lastLoadedProfile } from './api/get-member-profile';
import { useSendVerificationCodeMutation } from './api/send-verification-code';
import { useVerifyVerificationCodeMutation } from './api/verify-verification-code';
import { CodeScreen } from './code-screen';

/** Verifying the member's current mobile: a code is asked for on arrival, then entered. */
export function VerifyMobileScreen() {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [mobile] = useState(() => lastLoadedProfile()?.mobile ?? null);
  const asked = useRef(false);
  const showFailure = (error: Error) => setNotice(failureMessage(error));
  const send = useSendVerificationCodeMutation({
    onSuccess: (answer) => (hasRc(answer, 'C01') ? setSent(true) : setNotice(answer.rcrm.RM)),
    onError: showFailure,
  });
  const resend = useSendVerificationCodeMutation({
    onSuccess: (answer) => {
      if (hasRc(answer, 'C01')) setSent(true);
      setNotice(hasRc(answer, 'C01') ? t.verificationCode.resent : answer.rcrm.RM);
    },
    onError: showFailure,
  });
  const verify = useVerifyVerificationCodeMutation({
    onSuccess: (answer) => {
      if (!hasRc(answer, 'C01')) return setNotice(answer.rcrm.RM);
      return navigate({ to: '/change_member', search: { notice: 'mobile_verified' } });
    },
    onError: showFailure,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the code is asked for once, on arrival.
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    send.mutate();
  }, []);

  return (
    <CodeScreen
      heading={t.mobile.verifyHeading}
      sentTo={sent ? (mobile ? t.mobile.codeSentTo(spacedMobile(mobile)) : t.mobile.codeSentToYours) : null}
      busy={send.isPending || resend.isPending || verify.isPending}
      notice={notice}
      onCloseNotice={() => setNotice(null)}
      onVerify={(code) => verify.mutate(code)}
      onResend={() => resend.mutate()}
    />
  );
}
