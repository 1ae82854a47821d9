import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { commonTexts } from '../i18n/zh-TW/common';
import { focusIsInModal, LOADING_OVERLAY_ATTRIBUTE, returnFocusAfterLoading, takeFocusForLoading } from './focus';
import { holdScreensBehind } from './screens-behind';

/**
 * After this long a call is slower than the connection usually makes it: the overlay says so,
 * so a member on a weak signal knows why they wait (the call itself gives up at its deadline).
 */
const SLOW_CALL_MS = 5_000;

/** Whether the overlay has been up for SLOW_CALL_MS; false again as soon as it closes. */
function useSlow(open: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setSlow(true), SLOW_CALL_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [open]);
  return slow;
}

/** Tab goes nowhere while the overlay is up, except inside a modal opened meanwhile. */
function keepTabOnOverlay(event: KeyboardEvent): void {
  if (event.key === 'Tab' && !focusIsInModal(event.target)) event.preventDefault();
}

/** Takes the focus into the overlay and returns the way to give it back. */
function holdFocus(overlay: HTMLElement | null): () => void {
  takeFocusForLoading(overlay);
  // The screens behind are busy and out of reach (screens-behind.ts).
  const unmarkScreensBusy = holdScreensBehind(true);
  document.addEventListener('keydown', keepTabOnOverlay, true);
  return () => {
    document.removeEventListener('keydown', keepTabOnOverlay, true);
    unmarkScreensBusy();
    const active = document.activeElement;
    if (!active || active === document.body || overlay?.contains(active)) returnFocusAfterLoading();
  };
}

interface LoadingModalProps {
  open: boolean;
  label?: string;
  /**
   * The call changes the member's account (a password, the profile, the mobile): the browser's
   * Back waits for its answer. Leaving then, the member would never read whether the change was
   * made, and it is made all the same. The app's own moves, such as going on after the answer,
   * are not held. Reads, and a route waiting for its data, leave Back to the member.
   */
  holdsBack?: boolean;
}

/**
 * While `holding`, the browser's Back and Forward stay on this screen: the router's history undoes
 * them (its blocker, the same as `useBlocker`'s, without the hook's extra code on every page).
 */
function useBackHeld(holding: boolean): void {
  const { history } = useRouter();
  useEffect(() => {
    if (!holding) return;
    return history.block({
      blockerFn: ({ action }) => action === 'BACK' || action === 'FORWARD' || action === 'GO',
      enableBeforeUnload: false,
    });
  }, [holding, history]);
}

/**
 * Covers the screen while a call runs, holding the focus and marking the screen busy; the focus
 * goes back where it was when it closes. The live region stays mounted so the text is announced,
 * and so is the slow-network line when it joins.
 */
export function LoadingModal({ open, label = commonTexts.loading, holdsBack = false }: LoadingModalProps) {
  const overlayRef = useRef<HTMLDivElement>(null);
  const slow = useSlow(open);
  useBackHeld(open && holdsBack);

  useEffect(() => {
    if (!open) return;
    return holdFocus(overlayRef.current);
  }, [open]);

  return createPortal(
    <div
      role="status"
      aria-live="polite"
      className={open ? 'fixed inset-0 z-40 flex items-center justify-center bg-black/30' : 'sr-only'}
    >
      {open ? (
        <div
          ref={overlayRef}
          tabIndex={-1}
          {...{ [LOADING_OVERLAY_ATTRIBUTE]: '' }}
          className="flex flex-col items-center gap-3 rounded-2xl bg-white px-8 py-6 shadow-xl outline-none"
        >
          <span
            aria-hidden="true"
            className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
          />
          <span className="text-base text-ink">{label}</span>
          {slow ? (
            <span className="max-w-[16em] text-center text-sm text-ink-muted">{commonTexts.stillLoading}</span>
          ) : null}
        </div>
      ) : null}
    </div>,
    document.body,
  );
}
