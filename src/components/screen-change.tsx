import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { appTexts } from '../i18n/zh-TW/app';
import { screenTitles } from '../i18n/zh-TW/screen-titles';
import { focusNewScreen } from './focus';

const titles: Readonly<Record<string, string>> = screenTitles;

/** The page title of a screen URL: its `screenTitles` entry and the brand; the brand alone at the bare root. */
function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return appTexts.title;
  return appTexts.pageTitle(titles[path] ?? appTexts.notFound);
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
