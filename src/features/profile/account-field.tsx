import { Link } from '@tanstack/react-router';
import { linkClass } from '../../components/link-class';
import { t } from '../../i18n/zh-TW';

/** The account (the mobile), leading to the mobile change, with whether the mobile is verified. */
export function AccountField({ mobile, verified }: { mobile: string; verified: boolean }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span aria-hidden="true" className="text-sm font-medium text-ink">
        {t.profile.accountLabel}
      </span>
      <Link
        to="/change_member_mobile"
        aria-label={t.profile.changeMobileLabel(mobile)}
        className="flex min-h-12 items-center gap-2 rounded-xl border border-gray-300 bg-gray-50 px-4 text-base text-ink hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="font-medium tracking-wide">{mobile}</span>
        {verified ? (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
            {t.profile.verified}
          </span>
        ) : null}
        <span aria-hidden="true" className="ml-auto text-brand-700">
          {t.profile.changeMobile} ›
        </span>
      </Link>
      {verified ? null : (
        <p className="flex flex-wrap items-center gap-x-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t.profile.notVerified}
          <Link to="/verify_mobile" className={`font-medium ${linkClass}`}>
            {t.profile.verifyMobile}
          </Link>
        </p>
      )}
    </div>
  );
}
