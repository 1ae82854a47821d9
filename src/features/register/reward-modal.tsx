import { useQuery } from '@tanstack/react-query';
import { taskRewardsQueryOptions } from '../../api/rewards';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { RewardList } from '../../components/reward-list';
import { commonTexts } from '../../i18n/zh-TW/common';
import { registerTexts } from '../../i18n/zh-TW/register';

interface RewardModalProps {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * What the invited member earns on a first purchase; confirming registers. Asked only once the
 * invite code passed register_check, and a failure leaves registering possible.
 */
export function RewardModal({ open, onConfirm, onClose }: RewardModalProps) {
  const { data: rewards, isPending } = useQuery({
    ...taskRewardsQueryOptions('referee_first_purchase'),
    enabled: open,
  });
  return (
    <Modal
      open={open}
      title={registerTexts.rewardTitle}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onConfirm}>{registerTexts.rewardConfirm}</Button>
          <Button variant="secondary" onClick={onClose}>
            {registerTexts.rewardCancel}
          </Button>
        </>
      }
    >
      <section
        aria-label={registerTexts.rewardTitle}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box takes focus so the keyboard can scroll it.
        tabIndex={0}
        className="flex max-h-[55dvh] flex-col gap-3 overflow-y-auto rounded-xl text-left focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <p>{registerTexts.rewardIntro}</p>
        {isPending ? <p>{commonTexts.loading}</p> : null}
        {rewards?.ok === false ? <p className="text-ink-muted">{registerTexts.rewardUnavailable}</p> : null}
        {rewards?.ok ? (
          <>
            <div>
              <p className="font-semibold">{rewards.value.title}</p>
              <p className="whitespace-pre-line text-sm text-ink-muted">{rewards.value.description}</p>
            </div>
            <RewardList coupons={rewards.value.coupons} points={rewards.value.points} />
          </>
        ) : null}
      </section>
    </Modal>
  );
}
