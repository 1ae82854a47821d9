import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { profileTexts } from '../../i18n/zh-TW/profile';
import { copyText } from '../../lib/clipboard';

/** How long the copy notice stays (spec section 9); repeat clicks meanwhile do nothing. */
const COPY_NOTICE_MS = 3000;

interface ReferralCodeProps {
  code: string;
  /** More ways to pass the code on, under the copy button. */
  actions?: ReactNode;
}

/**
 * The code with a place to break after every fourth character: with the text enlarged the code
 * wraps between groups (94U2 / X3P5) rather than before its last character. No character is
 * added, so a selected code copies as it is.
 */
function inBreakableGroups(code: string): ReactNode[] {
  const parts: ReactNode[] = [code.slice(0, 4)];
  for (let start = 4; start < code.length; start += 4) parts.push(<wbr key={start} />, code.slice(start, start + 4));
  return parts;
}

/** The member's own invite code with a copy button; the notice says whether it was copied. */
export function ReferralCode({ code, actions }: ReferralCodeProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const copying = useRef(false);
  const headingId = useId();

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      copying.current = false;
      setNotice(null);
    }, COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  async function copy() {
    if (copying.current) return;
    copying.current = true;
    setNotice((await copyText(code)) ? profileTexts.copied : profileTexts.copyFailed);
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-brand-100 bg-brand-50 p-4">
      <h2 id={headingId} className="text-sm font-medium text-ink">
        {profileTexts.referralHeading}
      </h2>
      <p className="mt-1 select-all font-mono text-2xl font-bold tracking-widest wrap-anywhere text-brand-800">
        {inBreakableGroups(code)}
      </p>
      <p className="mt-1 text-sm text-ink-muted">{profileTexts.referralHint}</p>
      <div className="mt-3 flex flex-col gap-2">
        <Button variant="secondary" aria-label={profileTexts.copyLabel} onClick={() => void copy()}>
          {profileTexts.copy}
        </Button>
        {actions}
      </div>
      <div
        role="status"
        aria-live="polite"
        className={
          notice
            ? 'fixed inset-x-4 top-4 z-50 mx-auto max-w-sm rounded-xl bg-ink px-4 py-3 text-center text-base text-white shadow-lg'
            : 'sr-only'
        }
      >
        {notice}
      </div>
    </section>
  );
}
