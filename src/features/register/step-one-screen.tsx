import { Link, useNavigate } from '@tanstack/react-router';
import { hasRc } from '../../api/client';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { t } from '../../i18n/zh-TW';
import { useCallState } from '../../lib/use-call-state';
import { useRegisterCheckMutation } from './api';
import type { StepOneValues } from './form-schemas';
import { StepHeader } from './step-header';
import { StepOneForm } from './step-one-form';

/** Registration step 1: the mobile must be free before the member goes on. */
export function StepOneScreen() {
  const call = useCallState();
  const navigate = useNavigate();
  const registerCheck = useRegisterCheckMutation();

  const goOn = (values: StepOneValues) =>
    call.run(async () => {
      const answer = await registerCheck.mutateAsync({ mobile: values.mobile, password: values.password });
      if (hasRc(answer, 'C01')) {
        await navigate({ to: '/registerSecond' });
        return;
      }
      call.showNotice(hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT') ? t.register.memberExists : answer.rcrm.RM);
    });

  return (
    <PageCard>
      <StepHeader step={1} />
      <StepOneForm onNext={goOn} />
      <p className="mt-6 text-center text-base text-ink-muted">
        {t.register.haveAccount}{' '}
        <Link to="/login" className={linkClass}>
          {t.common.backToLogin}
        </Link>
      </p>
      <LoadingModal open={call.busy} />
      <NoticeModal message={call.notice} onClose={call.closeNotice} />
    </PageCard>
  );
}
