import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Fragment } from 'react';
import { NotFound } from '../components/not-found';
import { NoticeModal } from '../components/notice-modal';
import { ScreenChange } from '../components/screen-change';
import { useMemberAnswersOfOneSession } from '../lib/member-answers';
import { useSessionOfOtherTabs } from '../lib/session-elsewhere';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  useMemberAnswersOfOneSession();
  // Keyed by the other tabs' session changes: the screen starts over, typed edits included.
  const otherTabs = useSessionOfOtherTabs();
  return (
    <>
      <Fragment key={otherTabs.changes}>
        <Outlet />
      </Fragment>
      <ScreenChange />
      <NoticeModal message={otherTabs.notice} onClose={otherTabs.closeNotice} />
    </>
  );
}
