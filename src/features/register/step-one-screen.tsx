import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { failureMessage, hasRc } from '../../api/client';
import { buttonClass } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { registerTexts } from '../../i18n/zh-TW/register';
import { useNavigateWhileShown } from '../../lib/use-navigate-while-shown';
import { useRegisterCheckMutation } from './api';
import { LineBindNote } from './line-bind-note';
import { StepHeader } from './step-header';
import { StepOneForm } from './step-one-form';
import { prefetchTermReader } from './term-modal';

/** Registration step 1: the mobile must be free before the member goes on. */
export function StepOneScreen() {
  const navigate = useNavigateWhileShown();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ message: string; existingMobile?: string } | null>(null);
  const registerCheck = useRegisterCheckMutation({
    // Returning the navigation keeps the loading modal up until step 2 shows.
    onSuccess: (answer, { mobile }) => {
      if (hasRc(answer, 'C01')) return navigate({ to: '/registerSecond' });
      if (hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT'))
        return setNotice({ message: registerTexts.memberExists, existingMobile: mobile });
      setNotice({ message: answer.rcrm.RM });
    },
    onError: (error) => setNotice({ message: failureMessage(error) }),
  });

  return (
    // The terms' reader comes while the member fills the form, so a term opens ready to read.
    <PageCard onFirstTouch={() => prefetchTermReader(queryClient)}>
      <StepHeader step={1} />
      <LineBindNote />
      <StepOneForm
        busy={registerCheck.isPending}
        onNext={({ mobile, password }) => registerCheck.mutate({ mobile, password })}
      />
      <p className="mt-6 text-center text-base text-ink-muted">
        {registerTexts.haveAccount}{' '}
        <Link to="/login" className={`whitespace-nowrap ${linkClass}`}>
          {commonTexts.backToLogin}
        </Link>
      </p>
      <LoadingModal open={registerCheck.isPending} />
      <NoticeModal
        message={notice?.message ?? null}
        onClose={() => setNotice(null)}
        waysOn={notice?.existingMobile ? <WaysOfAMember mobile={notice.existingMobile} /> : null}
      />
    </PageCard>
  );
}

/**
 * A member who came to register again (often one from the shop or paper forms, whose password is
 * the birthday) is a wrong turn: the ways to log in or to a forgotten password, with the mobile
 * they typed, so they need not find the way or type it again.
 */
function WaysOfAMember({ mobile }: { mobile: string }) {
  return (
    <>
      <Link to="/login" state={{ mobile }} className={buttonClass('primary')}>
        {commonTexts.toLogin}
      </Link>
      <Link to="/forgotPassword" state={{ mobile }} className={buttonClass('secondary')}>
        {registerTexts.memberExistsForgotPassword}
      </Link>
    </>
  );
}
