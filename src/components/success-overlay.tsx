import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { DEFAULT_REDIRECT_PATH } from '#protocol/routes';
import { commonTexts } from '../i18n/zh-TW/common';
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
  const fallbackRef = useRef<HTMLAnchorElement>(null);
  // The focus was on the dialog: it goes to the way on, the only thing left to do.
  useEffect(() => {
    if (redirectFailed) fallbackRef.current?.focus();
  }, [redirectFailed]);
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
        {/* One live region throughout: a screen reader hears its words change; a new one may go unsaid. */}
        <p role="status">{redirectFailed ? commonTexts.redirectFailed : redirecting}</p>
        {redirectFailed ? (
          <Link ref={fallbackRef} to={DEFAULT_REDIRECT_PATH} className={buttonClass('primary')}>
            {fallback}
          </Link>
        ) : null}
      </div>
    </Modal>
  );
}
