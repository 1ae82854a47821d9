import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { followSessionOfAnotherTab } from './session';
import { sessionChangeIn } from './storage';

/**
 * Follows the session when another tab of this browser signs out or signs in someone else: every
 * tab shares the one kept session, so this tab's screen would otherwise go on showing the first
 * member, and its next save would write their details into the other account. The member's data
 * this tab loaded go, the routes' guards and loaders run again (signed out: to /login), and the
 * answer changes so the screen starts over under the session now kept. A sign-in elsewhere while
 * this tab was signed out changes nothing here: registration or recovery typed in this tab stays.
 */
export function useSessionOfOtherTabs(): number {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      const change = sessionChangeIn(event);
      if (!change?.before || change.before === change.after) return;
      followSessionOfAnotherTab(change.after);
      queryClient.clear();
      // The guards first: a screen started over before them would load with no session.
      void router.invalidate().then(() => setChanges((count) => count + 1));
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [router, queryClient]);
  return changes;
}
