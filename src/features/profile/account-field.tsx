import { Link } from '@tanstack/react-router';
import { linkClass } from '../../components/link-class';
import { profileTexts } from '../../i18n/zh-TW/profile';
import { spacedMobile } from '../../lib/mobile-number';

/** The account (the mobile), leading to the mobile change, with whether the mobile is verified. */
export function AccountField({ mobile, verified }: { mobile: string; verified: boolean }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span aria-hidden="true" className="text-sm font-medium text-ink">
        {profileTexts.accountLabel}
      </span>
      <div className="relative flex min-h-12 flex-wrap items-center gap-x-2 gap-y-1 py-2 rounded-xl border border-gray-300 bg-gray-50 px-4 text-base text-ink hover:border-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
        <span className="whitespace-nowrap font-medium tracking-wide">{spacedMobile(mobile)}</span>
        {verified ? (
          <span className="whitespace-nowrap rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
            {profileTexts.verified}
          </span>
        ) : null}
        {/* The link covers the whole box; its name starts with the word it shows (WCAG 2.5.3). */}
        <Link
          to="/change_member_mobile"
          className="ml-auto whitespace-nowrap text-brand-700 outline-none after:absolute after:inset-0 after:rounded-xl"
        >
          <span aria-hidden="true">{profileTexts.changeMobile} ›</span>
          <span className="sr-only">{profileTexts.changeMobileLabel(spacedMobile(mobile))}</span>
        </Link>
      </div>
      {verified ? null : (
        <p className="flex flex-wrap items-center gap-x-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {profileTexts.notVerified}
          <Link to="/verify_mobile" className={`font-medium ${linkClass}`}>
            {profileTexts.verifyMobile}
          </Link>
        </p>
      )}
    </div>
  );
}
