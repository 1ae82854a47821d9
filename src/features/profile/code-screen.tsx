import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/button';
import { CodeForm, ResendButton } from '../../components/code-form';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { mobileTexts } from '../../i18n/zh-TW/mobile';
import { verificationCodeTexts } from '../../i18n/zh-TW/verification-code';
import type { CodePurpose } from '../../lib/storage';

interface CodeScreenProps {
  heading: string;
  /** Which code: its resend waits out the 60 s since the last send. */
  purpose: CodePurpose;
  /** Where the code went, once it was sent. */
  sentTo: string | null;
  /** A call is running: the loading modal shows and the buttons wait. */
  busy: boolean;
  notice: string | null;
  onCloseNotice: () => void;
  onVerify: (code: string) => void;
  onResend: () => void;
  /** Another way out below the back link, such as entering the new mobile again. */
  extraLink?: ReactNode;
  /** No code was sent yet: what will happen, and the button that sends the first one, instead of the code form. */
  firstSend?: { intro: string; onSend: () => void };
}

/** A mobile's SMS code: where it went, the code, verify, resend (or the first send), and back to the profile. */
export function CodeScreen({
  heading,
  purpose,
  sentTo,
  busy,
  notice,
  onCloseNotice,
  onVerify,
  onResend,
  extraLink,
  firstSend,
}: CodeScreenProps) {
  // The code form shown in place of the first send's button, rather than on arrival.
  const [formReplacesFirstSend] = useState(() => firstSend !== undefined);
  return (
    <PageCard title={heading}>
      <div className="flex flex-col gap-4">
        {firstSend ? (
          <>
            <p className="text-base text-ink">{firstSend.intro}</p>
            <Button onClick={firstSend.onSend} disabled={busy}>
              {mobileTexts.sendCode}
            </Button>
          </>
        ) : (
          <>
            {sentTo ? <p className="text-base text-ink">{sentTo}</p> : null}
            <CodeForm onVerify={onVerify} busy={busy} focusOnShow={formReplacesFirstSend} />
            <ResendButton purpose={purpose} onResend={onResend} busy={busy} />
          </>
        )}
        <p className="text-sm text-ink-muted">{verificationCodeTexts.resendHint}</p>
        <nav className="flex flex-col items-center gap-3 text-base">
          {extraLink}
          <Link to="/change_member" className={linkClass}>
            {commonTexts.backToProfile}
          </Link>
        </nav>
      </div>
      {/* A code verified changes the mobile or marks it verified: Back waits for the answer. */}
      <LoadingModal open={busy} holdsBack />
      <NoticeModal message={notice} onClose={onCloseNotice} />
    </PageCard>
  );
}
