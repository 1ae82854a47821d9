import { Link } from '@tanstack/react-router';
import { DEFAULT_REDIRECT_PATH } from '../../../protocol/routes';
import { buttonClass } from '../../components/button';
import { Modal } from '../../components/modal';
import { t } from '../../i18n/zh-TW';

/** Binding succeeded, then the automatic redirect; if that fails, a way to the member area. */
export function BoundOverlay({ open, redirectFailed }: { open: boolean; redirectFailed: boolean }) {
  return (
    <Modal open={open} title={t.lineBind.successTitle}>
      <div className="flex flex-col items-center gap-4">
        <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-brand-100">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-8 text-brand-700"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        {redirectFailed ? (
          <Link to={DEFAULT_REDIRECT_PATH} className={buttonClass('primary')}>
            {t.lineBind.goToMemberArea}
          </Link>
        ) : (
          <p role="status">{t.lineBind.successRedirecting}</p>
        )}
      </div>
    </Modal>
  );
}
