import { t } from '../i18n/zh-TW';

/** Covers the screen while a call runs. The live region stays mounted so the text is announced. */
export function LoadingModal({ open, label = t.common.loading }: { open: boolean; label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={open ? 'fixed inset-0 z-40 flex items-center justify-center bg-black/30' : 'sr-only'}
    >
      {open ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-8 py-6 shadow-xl">
          <span
            aria-hidden="true"
            className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
          />
          <span className="text-base text-ink">{label}</span>
        </div>
      ) : null}
    </div>
  );
}
