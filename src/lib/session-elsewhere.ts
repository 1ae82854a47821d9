import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { RC_MESSAGES } from '#protocol/rc';
import { commonTexts } from '../i18n/zh-TW/common';
import { keepReturnPathUnlessKept, SIGN_IN_RETURN_MS } from './return-path';
import { followSessionOfAnotherTab, readSession, wasSignedOut } from './session';
import { sessionChangeIn } from './storage';

/** What this tab did about another tab's session change: how many it followed, and what it tells the member. */
export interface SessionOfOtherTabs {
  changes: number;
  notice: string | null;
  closeNotice: () => void;
}

/**
 * Why the screen changed under the member. Signing out forgets the login type before the session
 * (`forgetMember`), and this tab hears of each key's change in order, so a login type already gone
 * tells a sign-out from a session the server refused or that expired.
 */
function noticeOf(sessionNow: string | null): string {
  if (sessionNow) return commonTexts.signedInElsewhere;
  return wasSignedOut() ? commonTexts.signedOutElsewhere : RC_MESSAGES.TOKEN_INVALID;
}

/**
 * Follows the session when another tab of this browser signs out or signs in someone else: every
 * tab shares the one kept session, so this tab's screen would otherwise go on showing the first
 * member, and its next save would write their details into the other account. The member's data
 * this tab loaded go, the routes' guards and loaders run again (signed out: to /login), and the
 * answer changes so the screen starts over under the session now kept. The member is told why
 * the screen changed under them, and one sent to /login comes back to the screen once signed in
 * again here. A sign-in elsewhere while this tab was signed out changes nothing here, nor does
 * that session's end: registration or recovery typed in this tab stays.
 */
export function useSessionOfOtherTabs(): SessionOfOtherTabs {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [changes, setChanges] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  // The session this tab's screen was shown under, read as each screen resolves. A tab that has
  // stayed signed out while another signed in and out again had nothing of that session to drop.
  const shownUnder = useRef<string | null>(null);
  useEffect(() => {
    const note = () => {
      shownUnder.current = readSession()?.token ?? null;
    };
    note();
    return router.subscribe('onResolved', note);
  }, [router]);
  useEffect(() => {
    // Any change away from the session the screen was shown under, from no session too: a tab whose
    // own call ended the session (which no storage event tells it) still shows that member while it
    // says so, and its next save, under a session signed in elsewhere meanwhile, would be theirs.
    const follow = (sessionNow: string | null) => {
      if (!shownUnder.current || sessionNow === shownUnder.current) return;
      shownUnder.current = sessionNow;
      const left = router.state.location;
      followSessionOfAnotherTab(sessionNow);
      queryClient.clear();
      // The guards first: a screen started over before them would load with no session.
      void router.invalidate().then(() => {
        const sentToLogin = router.state.location.pathname === '/login' && left.pathname !== '/login';
        // A screen that keeps its own page to come back to (the OAuth hop, the card) has chosen it already.
        if (sentToLogin) keepReturnPathUnlessKept(left.href, new Date(Date.now() + SIGN_IN_RETURN_MS));
        setNotice(noticeOf(sessionNow));
        setChanges((count) => count + 1);
      });
    };
    const onStorage = (event: StorageEvent) => {
      const change = sessionChangeIn(event);
      if (change) follow(change.after);
    };
    // A page the browser kept in its back-forward cache (the member followed a link away, then
    // came Back) heard no storage event while it was kept: the session it comes back to is
    // compared with the one it was shown under, as one event would have told.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) follow(readSession()?.token ?? null);
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [router, queryClient]);
  return { changes, notice, closeNotice: () => setNotice(null) };
}
