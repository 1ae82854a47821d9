import { Component, type ReactNode } from 'react';
import { failureMessage } from '../api/client';
import { commonTexts } from '../i18n/zh-TW/common';
import { buttonClass } from './button';
import { PageCard } from './page-card';

interface AppErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * The last net: a render error no route caught (the router's own, or an error screen's) shows the
 * spec's system-busy text and a way back instead of a blank page. Outside the router, so a plain link.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error, failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PageCard>
        <div role="alert" className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-lg font-semibold text-ink">{commonTexts.noticeTitle}</h1>
          <p className="text-ink-muted">{failureMessage(this.state.error)}</p>
          <a href="/login" className={buttonClass('primary')}>
            {commonTexts.backToLogin}
          </a>
        </div>
      </PageCard>
    );
  }
}
