import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { t } from '../i18n/zh-TW';
import { focusNewScreen } from './focus';

const titles: Readonly<Record<string, string>> = t.screenTitles;

/** The page title of a screen URL: its `t.screenTitles` entry and the brand; the brand alone at the bare root. */
function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return t.app.title;
  return t.app.pageTitle(titles[path] ?? t.app.notFound);
}

/**
 * Names the page after each screen the router shows and, from the second screen on, moves the
 * focus to its heading. The first screen leaves the focus at the start of the page.
 */
export function ScreenChange() {
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const shown = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (pathname === undefined) return;
    document.title = pageTitle(pathname);
    const previous = shown.current;
    shown.current = pathname;
    if (previous !== undefined && previous !== pathname) focusNewScreen();
  }, [pathname]);

  return null;
}
