import { Link, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { CARD_PAGE } from '#protocol/card-app';
import { commonTexts } from '../i18n/zh-TW/common';
import { storage } from '../lib/storage';
import { Button, buttonClass } from './button';
import { NoticeModal } from './notice-modal';
import { PageCard } from './page-card';
import { StartOver } from './start-over';

interface FailedPageProps {
  title: string;
  message: string;
  /** Offered first when asking again may help (no answer came); otherwise only the way back. */
  onTryAgain?: (() => void) | null;
}

/**
 * A page that could not be shown: the message in the notice, and behind it the same words with
 * the ways on: trying again when that may help, and back to /login. When no answer came and this
 * browser keeps the member card, the card comes second: a member at the till with no signal who
 * opened another screen still reaches the codes the till accepts offline (decision 0011).
 */
export function FailedPage({ title, message, onTryAgain }: FailedPageProps) {
  const [noticeOpen, setNoticeOpen] = useState(true);
  const onTheCard = useLocation({ select: (location) => location.pathname === CARD_PAGE });
  const offerTheCard = onTryAgain != null && !onTheCard && storage.memberCard.get() !== null;
  return (
    <PageCard title={title}>
      <StartOver
        title={commonTexts.noticeTitle}
        text={message}
        to="/login"
        action={commonTexts.backToLogin}
        alert={false}
      >
        {onTryAgain ? <Button onClick={onTryAgain}>{commonTexts.tryAgain}</Button> : null}
        {offerTheCard ? (
          <Link to={CARD_PAGE} className={buttonClass('secondary')}>
            {commonTexts.showMemberCard}
          </Link>
        ) : null}
      </StartOver>
      <NoticeModal message={noticeOpen ? message : null} onClose={() => setNoticeOpen(false)} />
    </PageCard>
  );
}
