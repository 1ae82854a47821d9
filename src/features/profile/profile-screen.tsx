import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { hasRc } from '../../api/client';
import { leaveForRedirectLocation } from '../../api/redirect-location';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { ResultModal } from '../../components/result-modal';
import { ShareInviteButton } from '../../components/share-invite-button';
import { t } from '../../i18n/zh-TW';
import { type MemberAccessInfo, storage } from '../../lib/storage';
import { useCallState } from '../../lib/use-call-state';
import { AccountField } from './account-field';
import { memberProfileQueryOptions, memberToken, useMemberProfileQuery, useUpdateMemberProfileMutation } from './api';
import type { ProfileNotice } from './arrival';
import { editedProfile, type ProfileFormValues } from './form-schema';
import { ProfileForm } from './profile-form';
import { ReferralCode } from './referral-code';
import { useLoadFailure } from './use-load-failure';

const NOTICE_TEXT: Record<ProfileNotice, string> = {
  mobile_changed: t.profile.mobileChanged,
  mobile_verified: t.profile.mobileVerified,
};

/** The profile screen: the account and its verification, the invite code, and the details the member edits. */
export function ProfileScreen({ notice }: { notice?: ProfileNotice }) {
  const call = useCallState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useMemberProfileQuery();
  const loadFailure = useLoadFailure(profile.error);
  const update = useUpdateMemberProfileMutation();
  const [result, setResult] = useState<{ message: string; saved: boolean } | null>(null);

  useEffect(() => {
    if (!notice) return;
    call.showNotice(NOTICE_TEXT[notice]);
    // Told once: a reload or a step back does not tell it again.
    void navigate({ to: '/change_member', search: {}, replace: true });
  }, [notice, navigate, call.showNotice]);

  const save = (values: ProfileFormValues, birthdayLocked: boolean) =>
    call.run(async () => {
      const edited = editedProfile(values, birthdayLocked);
      const answer = await update.mutateAsync(edited);
      const saved = hasRc(answer, 'C01');
      if (saved && profile.data) {
        const next: MemberAccessInfo = {
          ...profile.data,
          ...edited,
          birthday: edited.birthday ?? profile.data.birthday,
        };
        queryClient.setQueryData(memberProfileQueryOptions.queryKey, next);
        storage.memberAccessInfo.set(next);
      }
      setResult({ message: saved ? t.profile.saved : answer.rcrm.RM, saved });
    });

  function confirmResult() {
    const saved = result?.saved;
    setResult(null);
    const token = memberToken();
    if (saved && token) void call.run(() => leaveForRedirectLocation(token));
  }

  return (
    <PageCard title={t.profile.heading}>
      {profile.data ? (
        <div className="flex flex-col gap-6">
          <AccountField mobile={profile.data.mobile} verified={profile.data.is_verified} />
          <ReferralCode
            code={profile.data.referral_code}
            actions={<ShareInviteButton referralCode={profile.data.referral_code} />}
          />
          <ProfileForm
            key={profile.dataUpdatedAt}
            profile={profile.data}
            onSave={save}
            onLockedBirthday={() => call.showNotice(t.profile.birthdayLocked)}
          />
        </div>
      ) : null}
      <LoadingModal open={profile.isPending || call.busy} />
      <NoticeModal
        message={loadFailure ?? call.notice}
        onClose={loadFailure ? () => void navigate({ to: '/login', replace: true }) : call.closeNotice}
      />
      <ResultModal message={result?.message ?? null} onConfirm={confirmResult} />
    </PageCard>
  );
}
