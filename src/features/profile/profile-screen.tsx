import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { failureMessage, hasRc } from '../../api/client';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { ResultModal } from '../../components/result-modal';
import { ShareInviteButton } from '../../components/share-invite-button';
import { profileTexts } from '../../i18n/zh-TW/profile';
import { useToLoginIfSessionEnded } from '../../lib/session-ended';
import { useLeaveForRedirectLocation } from '../../lib/use-redirect-after';
import { AccountActions } from './account-actions';
import { AccountField } from './account-field';
import { memberProfileQueryOptions } from './api/get-member-profile';
import { useLogoutMutation } from './api/logout';
import { memberToken } from './api/member-token';
import { type EditedProfile, useUpdateMemberProfileMutation } from './api/update-member-profile';
import type { ProfileNotice } from './arrival';
import { editedProfile } from './form-schema';
import { ProfileForm } from './profile-form';
import { ReferralCode } from './referral-code';
import { keepUnsavedEdits, useUnsavedEdits, withEdits } from './unsaved-edits';

const NOTICE_TEXT: Record<ProfileNotice, string> = {
  mobile_changed: profileTexts.mobileChanged,
  mobile_verified: profileTexts.mobileVerified,
};

/** The profile screen: the account and its verification, the invite code, and the details the member edits. */
export function ProfileScreen({ notice }: { notice?: ProfileNotice }) {
  const navigate = useNavigate();
  const profile = useSuspenseQuery(memberProfileQueryOptions());
  const [shown, setShown] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; saved: boolean } | null>(null);
  const unsaved = useUnsavedEdits(profile.data);
  const toLoginIfSessionEnded = useToLoginIfSessionEnded();
  // Edits refused for a birthday set meanwhile elsewhere: carried into the form read afresh.
  const [carried, setCarried] = useState<EditedProfile | null>(null);
  const save = useUpdateMemberProfileMutation({
    onSuccess: (answer, edited) => {
      const saved = hasRc(answer, 'C01');
      // The member signs in again and finds these edits waiting, not the profile as it was.
      if (hasRc(answer, 'TOKEN_INVALID')) keepUnsavedEdits(profile.data.mobile, edited);
      setCarried(hasRc(answer, 'BIRTHDAY_CANNOT_CHANGE') ? edited : null);
      setResult({ message: saved ? profileTexts.saved : answer.rcrm.RM, saved });
    },
    onError: (error) => setShown(failureMessage(error)),
  });
  const leave = useLeaveForRedirectLocation();
  const signOut = useLogoutMutation({ onSuccess: () => navigate({ to: '/login', replace: true }) });

  useEffect(() => {
    if (!notice) return;
    setShown(NOTICE_TEXT[notice]);
    // Told once: a reload or a step back does not tell it again.
    void navigate({ to: '/change_member', search: {}, replace: true });
  }, [notice, navigate]);

  function closeNotice() {
    setShown(null);
    toLoginIfSessionEnded();
  }

  function confirmResult() {
    const saved = result?.saved;
    setResult(null);
    if (toLoginIfSessionEnded()) return;
    // The birthday was set on another device or tab: read afresh, the form shows it as set (and no
    // longer sends one), with the member's other edits as they were.
    if (carried) void profile.refetch();
    const token = memberToken();
    if (saved && token) leave.mutate(token);
  }

  return (
    <PageCard title={profileTexts.heading}>
      <div className="flex flex-col gap-6">
        {/* First on the screen: the form with the edits is further down, below the fold on a phone. */}
        {unsaved ? (
          <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-base text-ink">
            {profileTexts.unsavedEditsBack}
          </p>
        ) : null}
        <AccountField mobile={profile.data.mobile} verified={profile.data.is_verified} />
        <ReferralCode
          code={profile.data.referral_code}
          actions={<ShareInviteButton referralCode={profile.data.referral_code} />}
        />
        <ProfileForm
          key={profile.dataUpdatedAt}
          profile={profile.data}
          startFrom={unsaved ?? (carried && withEdits(profile.data, carried))}
          onSave={(values, birthdayLocked) => save.mutate(editedProfile(values, birthdayLocked))}
          busy={save.isPending}
        />
        <AccountActions onSignOut={() => signOut.mutate()} />
      </div>
      <LoadingModal open={save.isPending || leave.isPending || signOut.isPending} holdsBack={save.isPending} />
      <NoticeModal message={shown} onClose={closeNotice} />
      <ResultModal message={result?.message ?? null} onConfirm={confirmResult} />
    </PageCard>
  );
}
