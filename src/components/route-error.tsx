import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { failureMessage, mayTryAgain } from '../api/client';
import { t } from '../i18n/zh-TW';
import { Button } from './button';
import { NoticeModal } from './notice-modal';
import { PageCard } from './page-card';
import { StartOver } from './start-over';

/**
 * A route whose loader or screen failed: the call's RM (or the spec's system-busy text) in the
 * notice modal, and behind it the same words with the way back to the start; when no answer
 * came (a weak signal), trying the page again comes first, so a member in the middle of a flow
 * (the OAuth hop) keeps their place.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = failureMessage(error);
  const [noticeOpen, setNoticeOpen] = useState(true);
  const tryAgain = () => {
    reset();
    void router.invalidate();
  };
  return (
    <PageCard title={t.app.routeErrorTitle}>
      <StartOver title={t.common.noticeTitle} text={message} to="/login" action={t.common.backToLogin}>
        {mayTryAgain(error) ? <Button onClick={tryAgain}>{t.common.tryAgain}</Button> : null}
      </StartOver>
      <NoticeModal message={noticeOpen ? message : null} onClose={() => setNoticeOpen(false)} />
    </PageCard>
  );
}
