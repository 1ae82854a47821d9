import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Fragment } from 'react';
import { NotFound } from '../components/not-found';
import { ScreenChange } from '../components/screen-change';
import { useSessionOfOtherTabs } from '../lib/session-elsewhere';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  // Keyed by the other tabs' session changes: the screen starts over, typed edits included.
  const sessionChanges = useSessionOfOtherTabs();
  return (
    <>
      <Fragment key={sessionChanges}>
        <Outlet />
      </Fragment>
      <ScreenChange />
    </>
  );
}
