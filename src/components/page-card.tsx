import type { ReactNode } from 'react';
import { useOnFirstTouch } from '../lib/first-touch';

interface PageCardProps {
  children: ReactNode;
  title?: string;
  /** Fetches, once the member first touches the screen, what its action will need (src/lib/first-touch.ts). */
  onFirstTouch?: () => void;
}

/** Full-bleed on a phone (LINE's in-app browser), a centred card on wider screens. */
export function PageCard({ children, title, onFirstTouch }: PageCardProps) {
  useOnFirstTouch(onFirstTouch ?? null);
  return (
    <main className="flex min-h-dvh justify-center bg-brand-50 sm:items-center sm:px-4 sm:py-10">
      <div className="w-full max-w-card bg-white px-5 py-8 sm:rounded-3xl sm:px-8 sm:shadow-card">
        {title ? (
          // tabIndex -1: the heading takes the focus when the screen changes (src/components/focus.ts).
          <h1 tabIndex={-1} className="mb-6 text-center text-xl font-bold text-ink outline-none">
            {title}
          </h1>
        ) : null}
        {children}
      </div>
    </main>
  );
}
