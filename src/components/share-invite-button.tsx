import { useEffect, useRef, useState } from 'react';
import { shareTexts } from '../i18n/zh-TW/share';
import { inviteLink, type ShareOutcome, shareInvitation } from '../lib/invite-link';
import { Button } from './button';

/** How long the share notice stays: the interface's message duration (spec section 9). */
export const SHARE_NOTICE_MS = 3000;

const NOTICES: Record<Exclude<ShareOutcome, 'cancelled'>, string> = {
  shared: shareTexts.shared,
  copied: shareTexts.copied,
  failed: shareTexts.failed,
};

/** Shares the member's invite link: in LINE to chosen friends, elsewhere by the share sheet or the clipboard. */
export function ShareInviteButton({ referralCode }: { referralCode: string }) {
  const [notice, setNotice] = useState<string | null>(null);
  const sharing = useRef(false);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), SHARE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  async function share() {
    if (sharing.current) return;
    sharing.current = true;
    try {
      const link = inviteLink(referralCode);
      const outcome = await shareInvitation({
        link,
        title: shareTexts.title,
        text: shareTexts.text,
        lineMessage: shareTexts.message(link),
      });
      if (outcome !== 'cancelled') setNotice(NOTICES[outcome]);
    } finally {
      sharing.current = false;
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => void share()}>
        {shareTexts.button}
      </Button>
      <div
        role="status"
        aria-live="polite"
        className={
          notice
            ? 'fixed inset-x-4 bottom-4 z-50 mx-auto max-w-sm rounded-xl bg-ink px-4 py-3 text-center text-base text-white shadow-lg'
            : 'sr-only'
        }
      >
        {notice}
      </div>
    </>
  );
}
