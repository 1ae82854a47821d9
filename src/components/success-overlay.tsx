import { Link } from '@tanstack/react-router';
import { DEFAULT_REDIRECT_PATH } from '#protocol/routes';
import { buttonClass } from './button';
import { Modal } from './modal';

interface SuccessOverlayProps {
  open: boolean;
  title: string;
  /** Said while the automatic redirect is on its way. */
  redirecting: string;
  /** Label of the way to the member area once the redirect could not be fetched. */
  fallback: string;
  redirectFailed: boolean;
}

/** A success, then the automatic redirect; if that fails, a way to the member area. */
export function SuccessOverlay({ open, title, redirecting, fallback, redirectFailed }: SuccessOverlayProps) {
  return (
    <Modal open={open} title={title} size="confirm">
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
            {fallback}
          </Link>
        ) : (
          <p role="status">{redirecting}</p>
        )}
      </div>
    </Modal>
  );
}
