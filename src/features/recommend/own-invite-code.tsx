import { useId } from 'react';
import { ShareInviteButton } from '../../components/share-invite-button';
import { recommendTexts } from '../../i18n/zh-TW/recommend';

/** A signed-in member's own invite code and the way to share it, which this page's copy asks of them. */
export function OwnInviteCode({ code }: { code: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-brand-100 bg-brand-50 p-4">
      <h2 id={headingId} className="text-sm font-medium text-ink">
        {recommendTexts.ownCodeHeading}
      </h2>
      <p className="mt-1 select-all font-mono text-2xl font-bold tracking-widest wrap-anywhere text-brand-800">
        {code}
      </p>
      <p className="mt-1 text-sm text-ink-muted">{recommendTexts.ownCodeHint}</p>
      <div className="mt-3 flex flex-col">
        <ShareInviteButton referralCode={code} />
      </div>
    </section>
  );
}
