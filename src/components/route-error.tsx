import type { ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { failureMessage } from '../api/client';
import { t } from '../i18n/zh-TW';
import { NoticeModal } from './notice-modal';
import { PageCard } from './page-card';
import { StartOver } from './start-over';

/**
 * A route whose loader or screen failed: the call's RM (or the spec's system-busy text) in the
 * notice modal, and behind it the same words with the way back to the start.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const message = failureMessage(error);
  const [noticeOpen, setNoticeOpen] = useState(true);
  return (
    <PageCard title={t.app.routeErrorTitle}>
      <StartOver title={t.common.noticeTitle} text={message} to="/login" action={t.common.backToLogin} />
      <NoticeModal message={noticeOpen ? message : null} onClose={() => setNoticeOpen(false)} />
    </PageCard>
  );
}
