import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ApiResponse } from '#protocol/rc';
import { hasRc } from '../../api/client';
import { t } from '../../i18n/zh-TW';
import { spacedMobile } from '../../lib/mobile-number';
import { storage } from '../../lib/storage';
import { useCallState } from '../../lib/use-call-state';
import { useSendVerificationCodeMutation, useVerifyVerificationCodeMutation } from './api';
import { CodeScreen } from './code-screen';

/** Verifying the member's current mobile: a code is asked for on arrival, then entered. */
export function VerifyMobileScreen() {
  const call = useCallState();
  const navigate = useNavigate();
  const send = useSendVerificationCodeMutation();
  const verify = useVerifyVerificationCodeMutation();
  const [sent, setSent] = useState(false);
  const [mobile] = useState(() => storage.memberAccessInfo.get()?.mobile ?? null);
  const asked = useRef(false);

  const sendCode = (sentNotice: string | null) =>
    call.run(async () => {
      const answer: ApiResponse<unknown> = await send.mutateAsync();
      if (!hasRc(answer, 'C01')) return call.showNotice(answer.rcrm.RM);
      setSent(true);
      if (sentNotice) call.showNotice(sentNotice);
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the code is asked for once, on arrival.
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void sendCode(null);
  }, []);

  const verifyCode = (code: string) =>
    call.run(async () => {
      const answer = await verify.mutateAsync(code);
      if (!hasRc(answer, 'C01')) return call.showNotice(answer.rcrm.RM);
      await navigate({ to: '/change_member', search: { notice: 'mobile_verified' } });
    });

  return (
    <CodeScreen
      heading={t.mobile.verifyHeading}
      sentTo={sent ? (mobile ? t.mobile.codeSentTo(spacedMobile(mobile)) : t.mobile.codeSentToYours) : null}
      busy={call.busy}
      notice={call.notice}
      onCloseNotice={call.closeNotice}
      onVerify={verifyCode}
      onResend={() => void sendCode(t.verificationCode.resent)}
    />
  );
}
