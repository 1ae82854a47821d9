import type { MemberProfile } from '#protocol/endpoints';
import { storage } from '../../lib/storage';

/** Keeps the new mobile for its code, with the mobile it replaces when this tab knows it. */
export function keepPendingNewMobile(to: string, from: string | null): void {
  storage.memberChangeMobile.set({ to, from });
}

/**
 * The new mobile waiting for its code, when it is this member's: the profile this tab keeps has
 * the mobile it replaces, or already the new one (the move made, its answer lost). One kept
 * without the mobile it replaces is this session's own (`endSession` lets it go). Another
 * member's, left in the tab by a session that ended, is never shown, and goes. With no profile to
 * tell by, none is shown, and it stays for when the profile can be had.
 */
export function pendingNewMobile(profile: MemberProfile | null): string | null {
  const change = storage.memberChangeMobile.get();
  if (!change) return null;
  if (!change.from) return change.to;
  if (!profile) return null;
  if (profile.mobile === change.from || profile.mobile === change.to) return change.to;
  storage.memberChangeMobile.remove();
  return null;
}
