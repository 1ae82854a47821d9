import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '../../components/button';
import { CodeForm } from '../../components/code-form';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { t } from '../../i18n/zh-TW';

interface CodeScreenProps {
  heading: string;
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
}

/** A mobile's SMS code: where it went, the code, verify, resend, and back to the profile. */
export function CodeScreen({
  heading,
  sentTo,
  busy,
  notice,
  onCloseNotice,
  onVerify,
  onResend,
  extraLink,
}: CodeScreenProps) {
  return (
    <PageCard title={heading}>
      <div className="flex flex-col gap-4">
        {sentTo ? <p className="text-base text-ink">{sentTo}</p> : null}
        <CodeForm onVerify={onVerify} busy={busy} />
        <Button variant="secondary" onClick={onResend} disabled={busy}>
          {t.verificationCode.resend}
        </Button>
        <p className="text-sm text-ink-muted">{t.verificationCode.resendHint}</p>
        <nav className="flex flex-col items-center gap-3 text-base">
          {extraLink}
          <Link to="/change_member" className={linkClass}>
            {t.mobile.backToProfile}
          </Link>
        </nav>
      </div>
      <LoadingModal open={busy} />
      <NoticeModal message={notice} onClose={onCloseNotice} />
    </PageCard>
  );
}
