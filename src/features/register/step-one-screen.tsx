import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { failureMessage, hasRc } from '../../api/client';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { registerTexts } from '../../i18n/zh-TW/register';
import { useRegisterCheckMutation } from './api';
import { StepHeader } from './step-header';
import { StepOneForm } from './step-one-form';
import { prefetchTermReader } from './term-modal';

/** Registration step 1: the mobile must be free before the member goes on. */
export function StepOneScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const registerCheck = useRegisterCheckMutation({
    // Returning the navigation keeps the loading modal up until step 2 shows.
    onSuccess: (answer) => {
      if (hasRc(answer, 'C01')) return navigate({ to: '/registerSecond' });
      setNotice(hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT') ? registerTexts.memberExists : answer.rcrm.RM);
    },
    onError: (error) => setNotice(failureMessage(error)),
  });

  return (
    // The terms' reader comes while the member fills the form, so a term opens ready to read.
    <PageCard onFirstTouch={() => prefetchTermReader(queryClient)}>
      <StepHeader step={1} />
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
      <NoticeModal message={notice} onClose={() => setNotice(null)} />
    </PageCard>
  );
}
