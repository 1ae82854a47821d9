import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { mobileSchema } from '#protocol/schemas';
import { failureMessage, hasRc } from '../../api/client';
import { Button } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { MobileField } from '../../components/mobile-field';
import { Modal } from '../../components/modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { lineBindTexts } from '../../i18n/zh-TW/line-bind';
import { fieldMessages } from '../../lib/form-errors';
import { lineBindData, lineBindMobile } from '../../lib/line-bind';
import { useForm } from '../../lib/use-form';
import { useNavigateWhileShown } from '../../lib/use-navigate-while-shown';
import { useCheckMobileMutation } from './api';
import { NeedLineLogin } from './need-line-login';

const mobileFormSchema = v.object({ mobile: mobileSchema });
type MobileValues = v.InferOutput<typeof mobileFormSchema>;

/** LINE bind, step 1: the member's mobile finds the account; a mobile that is no member's is offered registration. */
export function LineBindMobileScreen() {
  const navigate = useNavigateWhileShown();
  const [hasBindData] = useState(() => lineBindData() !== null);
  const [offerRegistration, setOfferRegistration] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const checkMobile = useCheckMobileMutation({
    // Awaited by the mutation: the loading modal stays until the password step shows.
    onSuccess: async (answer, mobile) => {
      if (hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT')) {
        lineBindMobile.set(mobile);
        await navigate({ to: '/line_bind/login' });
      } else if (hasRc(answer, 'C01')) {
        // Registration's step 1 starts with this mobile, and the LINE bind data goes along with it.
        lineBindMobile.set(mobile);
        setOfferRegistration(true);
      } else {
        setNotice(answer.rcrm.RM);
      }
    },
    onError: (error) => setNotice(failureMessage(error)),
  });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<MobileValues>({
    resolver: valibotResolver(mobileFormSchema),
    mode: 'onTouched',
    defaultValues: { mobile: lineBindMobile.get() ?? '' },
  });

  // Entering the number again, or closing the offer (Esc): after the modal hands focus back, the member types it again.
  const reenter = () => {
    setOfferRegistration(false);
    setTimeout(() => setFocus('mobile', { shouldSelect: true }));
  };

  const lookUp = ({ mobile }: MobileValues) => {
    if (!checkMobile.isPending) checkMobile.mutate(mobile);
  };

  return (
    <PageCard title={lineBindTexts.heading}>
      {hasBindData ? (
        <form noValidate onSubmit={handleSubmit(lookUp)} className="flex flex-col gap-4">
          <p className="text-base text-ink-muted">{lineBindTexts.mobileIntro}</p>
          <MobileField
            label={lineBindTexts.mobileLabel}
            placeholder={lineBindTexts.mobilePlaceholder}
            errors={fieldMessages(errors.mobile)}
            {...register('mobile')}
          />
          <Button type="submit" className="mt-2">
            {lineBindTexts.next}
          </Button>
          {/* The member may not want to bind after all; LINE's browser may show no Back button. */}
          <p className="mt-2 text-center text-base">
            <Link to="/login" className={linkClass}>
              {commonTexts.backToLogin}
            </Link>
          </p>
        </form>
      ) : (
        <NeedLineLogin />
      )}
      <Modal
        size="confirm"
        open={offerRegistration}
        title={commonTexts.noticeTitle}
        onClose={reenter}
        bodyIsMessage
        footer={
          <>
            <Button onClick={() => void navigate({ to: '/registerFirst' })}>{lineBindTexts.register}</Button>
            <Button variant="secondary" onClick={reenter}>
              {lineBindTexts.reenter}
            </Button>
          </>
        }
      >
        <p>{lineBindTexts.notRegistered}</p>
      </Modal>
      <LoadingModal open={checkMobile.isPending} />
      <NoticeModal message={notice} onClose={() => setNotice(null)} closeLabel={commonTexts.ok} />
    </PageCard>
  );
}
