import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { readSession } from '../../lib/session';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The session an OAuth hop last consented under, as its mark (src/features/oauth/hop-session.ts). */
    hopSession?: string;
  }
}

/**
 * A short mark of a session (the start of its token's SHA-256): enough to tell one session from
 * another, without leaving the token itself in the tab's history once the session is gone.
 */
const markOf = (token: string): string => bytesToHex(sha256(utf8ToBytes(token))).slice(0, 16);

const sessionMark = (): string | null => {
  const token = readSession()?.token;
  return token ? markOf(token) : null;
};

/**
 * The session a hop last consented under, kept in its history entry, the tab's own: it outlasts
 * the screen starting over when another tab signs in again (the root layout follows that
 * session), a reload, and the phone discarding the tab. A hop opened afresh, or come back to
 * after signing in for it, has none: that member's arrival is their word.
 */
export function useHopSession() {
  const router = useRouter();
  const navigate = useNavigate();
  const [consentedUnder] = useState(() => router.state.location.state.hopSession);
  return {
    /** Whether the hop consented under another session than the one now kept: another member's, maybe. */
    changedSince: () => consentedUnder !== undefined && consentedUnder !== sessionMark(),
    /** Keeps the session the hop consents under now. */
    keep: () => {
      const mark = sessionMark();
      if (!mark || router.state.location.state.hopSession === mark) return;
      void navigate({
        to: '/authorize',
        search: true,
        state: (state) => ({ ...state, hopSession: mark }),
        replace: true,
        resetScroll: false,
      });
    },
  };
}
