import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { failureMessage, hasRc } from '../../api/client';
import { Button, buttonClass } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NewPasswordFields } from '../../components/new-password-fields';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { PasswordField } from '../../components/password-field';
import { ResultModal } from '../../components/result-modal';
import { commonTexts } from '../../i18n/zh-TW/common';
import { passwordTexts } from '../../i18n/zh-TW/password';
import { fieldMessages } from '../../lib/form-errors';
import { readSession } from '../../lib/session';
import { useToLoginIfSessionEnded } from '../../lib/session-ended';
import { storage } from '../../lib/storage';
import { useForm } from '../../lib/use-form';
import { useRecheckWhenChanged } from '../../lib/use-recheck';
import { useLeaveForRedirectLocation } from '../../lib/use-redirect-after';
import { useUpdateMemberPasswordMutation } from './api/update-member-password';
import type { ChangePasswordReason } from './arrival';
import { type ChangePasswordValues, changePasswordSchema } from './form-schemas';

const EMPTY: ChangePasswordValues = { oldPassword: '', password: '', confirm: '' };

/**
 * A signed-in member replaces the password; an imported member sent here is told why first. The
 * success message is confirmed, then the member goes to the redirect location. A session the
 * server has ended is ended here too, and the member logs in again.
 */
export function ChangePasswordScreen({ reason }: { reason?: ChangePasswordReason }) {
  const navigate = useNavigate();
  // A refusal that means the member does not know the current password offers its recovery.
  const [notice, setNotice] = useState<{ message: string; offerRecovery?: boolean } | null>(null);
  const [changed, setChanged] = useState(false);
  const form = useForm<ChangePasswordValues>({
    resolver: valibotResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, reset } = form;
  useRecheckWhenChanged(form, 'oldPassword', 'password');
  useRecheckWhenChanged(form, 'password', 'confirm');
  const updatePassword = useUpdateMemberPasswordMutation({
    onSuccess: ({ answer, madeEarlier }) => {
      if (hasRc(answer, 'C01') || madeEarlier) {
        reset(EMPTY);
        return setChanged(true);
      }
      const offerRecovery = hasRc(answer, 'PASSWORD_INCORRECT') || hasRc(answer, 'ACCOUNT_LOCKED');
      setNotice({ message: answer.rcrm.RM, offerRecovery });
    },
    onError: (error) => setNotice({ message: failureMessage(error) }),
  });
  const leave = useLeaveForRedirectLocation();
  // The session ends under this screen when the password was changed or reset elsewhere, which is
  // what the member came to do: after signing in they go on as from any sign-in, not back here.
  const toLoginIfSessionEnded = useToLoginIfSessionEnded({ comeBack: false });

  const toLogin = () => navigate({ to: '/login', replace: true });

  function change(values: ChangePasswordValues) {
    const session = readSession();
    if (!session) return toLogin();
    updatePassword.mutate({ token: session.token, old_password: values.oldPassword, new_password: values.password });
  }

  function goOn() {
    setChanged(false);
    const session = readSession();
    if (!session) return toLogin();
    leave.mutate(session.token);
  }

  function closeNotice() {
    setNotice(null);
    toLoginIfSessionEnded();
  }

  return (
    <PageCard title={passwordTexts.changeHeading}>
      <form noValidate onSubmit={handleSubmit(change)} className="flex flex-col gap-4">
        {reason === 'imported' ? (
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-base text-ink">{passwordTexts.importedReason}</p>
        ) : null}
        <PasswordField
          label={passwordTexts.oldPasswordLabel}
          placeholder={passwordTexts.oldPasswordPlaceholder}
          autoComplete="current-password"
          errors={fieldMessages(formState.errors.oldPassword)}
          {...register('oldPassword')}
        />
        <p className="-mt-1 text-right text-base">
          <ForgotPasswordLink className={linkClass}>{passwordTexts.forgotCurrent}</ForgotPasswordLink>
        </p>
        <NewPasswordFields
          text={passwordTexts}
          password={register('password')}
          confirm={register('confirm')}
          errors={formState.errors}
        />
        <Button type="submit" className="mt-2" disabled={updatePassword.isPending}>
          {passwordTexts.submit}
        </Button>
        <p className="text-center text-base">
          <Link to="/change_member" className={linkClass}>
            {commonTexts.backToProfile}
          </Link>
        </p>
      </form>
      <LoadingModal open={updatePassword.isPending || leave.isPending} holdsBack={updatePassword.isPending} />
      <NoticeModal
        message={notice?.message ?? null}
        onClose={closeNotice}
        waysOn={
          notice?.offerRecovery ? (
            <ForgotPasswordLink className={buttonClass('primary')}>{passwordTexts.forgotWayOn}</ForgotPasswordLink>
          ) : null
        }
      />
      <ResultModal message={changed ? passwordTexts.changeDone : null} onConfirm={() => void goOn()} />
    </PageCard>
  );
}

/**
 * To password recovery, which a signed-in member may take too: it starts with the member's mobile
 * when this tab has loaded their profile, and a reset signs them out here (the server ends every session).
 */
function ForgotPasswordLink({ className, children }: { className: string; children: string }) {
  return (
    <Link to="/forgotPassword" state={{ mobile: storage.memberAccessInfo.get()?.mobile }} className={className}>
      {children}
    </Link>
  );
}
