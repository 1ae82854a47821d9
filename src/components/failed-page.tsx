import { useState } from 'react';
import { commonTexts } from '../i18n/zh-TW/common';
import { Button } from './button';
import { NoticeModal } from './notice-modal';
import { PageCard } from './page-card';
import { StartOver } from './start-over';

interface FailedPageProps {
  title: string;
  message: string;
  /** Offered first when asking again may help (no answer came); otherwise only the way back. */
  onTryAgain?: (() => void) | null;
}

/**
 * A page that could not be shown: the message in the notice, and behind it the same words with
 * the ways on: trying again when that may help, and back to /login.
 */
export function FailedPage({ title, message, onTryAgain }: FailedPageProps) {
  const [noticeOpen, setNoticeOpen] = useState(true);
  return (
    <PageCard title={title}>
      <StartOver title={commonTexts.noticeTitle} text={message} to="/login" action={commonTexts.backToLogin}>
        {onTryAgain ? <Button onClick={onTryAgain}>{commonTexts.tryAgain}</Button> : null}
      </StartOver>
      <NoticeModal message={noticeOpen ? message : null} onClose={() => setNoticeOpen(false)} />
    </PageCard>
  );
}
