import { useEffect, useState } from 'react';
import type { MemberProfile } from '#protocol/endpoints';
import { storage } from '../../lib/storage';
import type { EditedProfile } from './api/update-member-profile';

/** Keeps edits a save could not make because the session had ended, for this member's return. */
export function keepUnsavedEdits(mobile: string, edited: EditedProfile): void {
  storage.unsavedProfileEdits.set({ mobile, edited });
}

/** The profile with the member's edits over it; a birthday already set stays, not the member's to change. */
export const withEdits = (profile: MemberProfile, edited: EditedProfile): MemberProfile => ({
  ...profile,
  ...edited,
  birthday: profile.birthday ?? edited.birthday ?? null,
});

/**
 * The profile as the member left it unsaved, when these are their kept edits (another member
 * signing in on this tab never sees them); null when there are none. They are given once: the
 * store is emptied after the screen has shown them.
 */
export function useUnsavedEdits(profile: MemberProfile): MemberProfile | null {
  const [edited] = useState(() => {
    const kept = storage.unsavedProfileEdits.get();
    if (!kept || kept.mobile !== profile.mobile) return null;
    // A birthday set meanwhile (elsewhere) stays.
    return withEdits(profile, kept.edited);
  });
  useEffect(() => storage.unsavedProfileEdits.remove(), []);
  return edited;
}
