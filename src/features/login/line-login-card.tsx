import { loginTexts } from '../../i18n/zh-TW/login';

interface LineLoginCardProps {
  onClick: () => void;
  /** Demo mode: LINE login is simulated, and the card says so. */
  demo: boolean;
}

export function LineLoginCard({ onClick, demo }: LineLoginCardProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center gap-3 rounded-2xl border border-gray-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-line"
    >
      <LineIcon />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold text-ink">{loginTexts.lineLogin}</span>
        <span className="text-sm text-ink-muted">{loginTexts.lineLoginHint}</span>
        {/* Under the texts, not beside them: at 320 px a third column broke the title in two. */}
        {demo ? (
          <span className="mt-1 self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
            {loginTexts.lineDemoBadge}
          </span>
        ) : null}
      </span>
    </button>
  );
}

function LineIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className="size-10 shrink-0">
      <rect width="40" height="40" rx="10" className="fill-line" />
      <path
        fill="#fff"
        d="M20 9c-6.6 0-12 4.3-12 9.7 0 4.8 4.3 8.8 10.1 9.6.4.1.9.3 1 .6.1.3.1.8 0 1.1l-.2 1c-.1.3-.2 1.1 1 .6 1.2-.5 6.5-3.8 8.9-6.6 1.6-1.8 2.4-3.7 2.4-5.7C32 13.3 26.6 9 20 9z"
      />
    </svg>
  );
}
