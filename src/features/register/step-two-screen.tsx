import { Link } from '@tanstack/react-router';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { registerTexts } from '../../i18n/zh-TW/register';
import { LineBindNote } from './line-bind-note';
import { RewardModal } from './reward-modal';
import { StepHeader } from './step-header';
import { StepTwoForm } from './step-two-form';
import { useRegistration } from './use-registration';
import { WelcomeOverlay } from './welcome-overlay';

/** Registration step 2: optional data, an invite code with its reward preview, then register. */
export function StepTwoScreen() {
  const registration = useRegistration();

  return (
    <PageCard>
      <StepHeader step={2} />
      <LineBindNote />
      <p className="mb-4 text-base text-ink-muted">{registerTexts.stepTwoIntro}</p>
      <StepTwoForm busy={registration.pending} onSubmit={registration.submit} onSkip={registration.skip} />
      <p className="mt-6 text-center text-base">
        <Link to="/registerFirst" className={linkClass}>
          {registerTexts.back}
        </Link>
      </p>
      <RewardModal
        open={registration.rewardsOpen}
        onConfirm={registration.confirmRewards}
        onClose={registration.closeRewards}
      />
      <WelcomeOverlay welcomed={registration.welcomed} redirectFailed={registration.redirectFailed} />
      <LoadingModal open={registration.pending} holdsBack />
      <NoticeModal
        message={registration.notice}
        onClose={registration.closeNotice}
        closeLabel={registration.noticeGoesOn ? commonTexts.ok : undefined}
      />
    </PageCard>
  );
}
