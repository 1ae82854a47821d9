import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { firstIssueOnly, loginPasswordSchema, mobileSchema } from '#protocol/schemas';
import { failureMessage, hasRc } from '../../api/client';
import { Button } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { MobileField } from '../../components/mobile-field';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { PasswordField } from '../../components/password-field';
import { commonTexts } from '../../i18n/zh-TW/common';
import { mobileTexts } from '../../i18n/zh-TW/mobile';
import { fieldMessages } from '../../lib/form-errors';
import { spacedMobile } from '../../lib/mobile-number';
import { useToLoginIfSessionEnded } from '../../lib/session-ended';
import { useForm } from '../../lib/use-form';
import { codeOnItsWay } from '../../lib/use-resend-countdown';
import { lastLoadedProfile } from './api/get-member-profile';
import { useUpdateMemberMobileMutation } from './api/update-member-mobile';
import { keepPendingNewMobile } from './pending-new-mobile';

/**
 * A new mobile, not the one the member has (the server would call their own mobile taken), and
 * the current password: legacy members may still sign in with their 8-digit birthday.
 */
const changeMobileSchema = (current: string | null) =>
  v.object({
    mobile: firstIssueOnly(
      v.pipe(
        mobileSchema,
        v.check((mobile) => mobile !== current, mobileTexts.sameAsCurrent),
      ),
    ),
    password: loginPasswordSchema,
  });
type ChangeMobileValues = v.InferOutput<ReturnType<typeof changeMobileSchema>>;

/** The new mobile and the password; a code then goes to the new mobile. */
export function ChangeMobileScreen() {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [current] = useState(() => lastLoadedProfile()?.mobile ?? null);
  const toLoginIfSessionEnded = useToLoginIfSessionEnded();
  const [resolver] = useState(() => valibotResolver(changeMobileSchema(current)));
  const updateMobile = useUpdateMemberMobileMutation({
    onSuccess: (answer, { mobile }) => {
      // Found too soon: a code for this mobile went out within the minute, most likely by this same
      // request whose answer was lost (`codeOnItsWay`). On to it as after C01.
      if (codeOnItsWay('change_mobile', answer)) {
        keepPendingNewMobile(mobile, current);
        return navigate({ to: '/verify_member_mobile' });
      }
      setNotice(hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT') ? mobileTexts.mobileTaken : answer.rcrm.RM);
    },
    onError: (error) => setNotice(failureMessage(error)),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangeMobileValues>({
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { mobile: '', password: '' },
  });

  return (
    <PageCard title={mobileTexts.changeHeading}>
      <form noValidate onSubmit={handleSubmit((values) => updateMobile.mutate(values))} className="flex flex-col gap-4">
        <p className="text-base text-ink-muted">{mobileTexts.changeIntro}</p>
        {current ? <p className="text-base text-ink">{mobileTexts.current(spacedMobile(current))}</p> : null}
        <MobileField
          label={mobileTexts.newMobileLabel}
          placeholder={mobileTexts.newMobilePlaceholder}
          errors={fieldMessages(errors.mobile)}
          {...register('mobile')}
        />
        <PasswordField
          label={mobileTexts.passwordLabel}
          placeholder={mobileTexts.passwordPlaceholder}
          autoComplete="current-password"
          errors={fieldMessages(errors.password)}
          {...register('password')}
        />
        <Button type="submit" className="mt-2" disabled={updateMobile.isPending}>
          {mobileTexts.sendCode}
        </Button>
        <p className="text-center text-base">
          <Link to="/change_member" className={linkClass}>
            {commonTexts.backToProfile}
          </Link>
        </p>
      </form>
      <LoadingModal open={updateMobile.isPending} holdsBack />
      <NoticeModal
        message={notice}
        onClose={() => {
          setNotice(null);
          toLoginIfSessionEnded();
        }}
      />
    </PageCard>
  );
}
