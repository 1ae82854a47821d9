import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { keepReturnPath, SIGN_IN_RETURN_MS } from './return-path';
import { readSession } from './session';

/**
 * For a screen of signed-in members, once the member has read what a call answered: when the
 * session the screen was shown under has ended meanwhile (a call answered TOKEN_INVALID, which ends
 * it here: `callApi`), the member goes to /login, and comes back to this screen once signed in
 * again (unless `comeBack` is false). Answers whether the member is on the way to /login.
 */
export function useToLoginIfSessionEnded({ comeBack = true }: { comeBack?: boolean } = {}): () => boolean {
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  // Not just some session: one signed in meanwhile in another tab is another member's, and this
  // screen, still showing the first member, would save their details into it.
  const [shownUnder] = useState(() => readSession()?.token ?? null);
  return () => {
    const sessionNow = readSession()?.token ?? null;
    if (sessionNow !== null && sessionNow === shownUnder) return false;
    if (comeBack) keepReturnPath(href, new Date(Date.now() + SIGN_IN_RETURN_MS));
    // Replaced: Back must not lead to a screen that is only for members.
    void navigate({ to: '/login', replace: true });
    return true;
  };
}
