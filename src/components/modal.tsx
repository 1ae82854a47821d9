import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { focusedElement, returnFocusTo } from './focus';
import { ModalBody } from './modal-body';
import { holdScreensBehind } from './screens-behind';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Widest a modal grows on a large screen (spec section 9's interface defaults: 520 px, and
 * 416 px for a confirmation); on a phone it takes the screen's width less a margin.
 */
const WIDTH = { default: 'max-w-[520px]', confirm: 'max-w-[416px]' } as const;

/**
 * Never taller than the screen the member sees, less the backdrop's 16 px margins, whatever the
 * text size: the body scrolls between the title and the buttons (ModalBody). The dynamic viewport
 * height follows a mobile browser's bars (LINE's in-app browser: Chromium on Android, WKWebView on
 * iOS); where it is unknown (iOS before 15.4), 100% of the fixed backdrop, which those browsers
 * also size to the visible screen. Should even the title and buttons not fit, the whole modal scrolls.
 */
const HEIGHT = 'max-h-full supports-[height:100dvh]:max-h-[calc(100dvh-32px)]';

interface ModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** `confirm` for a short message with its buttons (notice, result, yes/no). */
  size?: keyof typeof WIDTH;
  /** Esc calls this; without it the modal stays until its own buttons close it. */
  onClose?: () => void;
  /**
   * The body is a message (a notice, a result): the dialog is described by it, so a screen reader
   * says it with the title as the focus goes to the buttons. Not for a long document (a term),
   * which it would read whole before the buttons.
   */
  bodyIsMessage?: boolean;
}

const focusablesIn = (root: HTMLElement | null): HTMLElement[] =>
  root ? [...root.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];

/** The modals open now, the newest last: only it answers Esc and Tab. */
const openModals: HTMLElement[] = [];

/**
 * Tab stays within the dialog, and Esc closes it (`onClose`), wherever the focus is: a tap on the
 * backdrop leaves it on the page's body, outside the dialog, and Tab and Esc must still work.
 */
function keepKeysInside(dialog: HTMLElement, onClose: () => (() => void) | undefined) {
  return (event: KeyboardEvent) => {
    if (openModals.at(-1) !== dialog) return;
    const close = onClose();
    if (event.key === 'Escape' && close) {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusablesIn(dialog);
    // With nothing to focus inside, the dialog itself keeps the focus.
    const first = items[0] ?? dialog;
    const last = items.at(-1) ?? dialog;
    const active = document.activeElement;
    const next = !dialog.contains(active)
      ? event.shiftKey
        ? last
        : first
      : event.shiftKey
        ? active === first && last
        : active === last && first;
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };
}

export function Modal({ open, title, children, footer, onClose, size = 'default', bodyIsMessage = false }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = focusedElement();
    (focusablesIn(dialog)[0] ?? dialog).focus();
    // The screen behind is out of reach while the dialog is up (screens-behind.ts).
    const letGo = holdScreensBehind();
    openModals.push(dialog);
    const onKeyDown = keepKeysInside(dialog, () => onCloseRef.current);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openModals.splice(openModals.indexOf(dialog), 1);
      letGo();
      returnFocusTo(opener);
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/45 p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyIsMessage ? bodyId : undefined}
        tabIndex={-1}
        className={`flex w-full ${WIDTH[size]} ${HEIGHT} flex-col overflow-y-auto rounded-2xl bg-white p-5 text-ink shadow-xl outline-none sm:p-6`}
      >
        <h2 id={titleId} className="shrink-0 text-center text-lg font-semibold">
          {title}
        </h2>
        <ModalBody id={bodyId} labelledBy={titleId}>
          {children}
        </ModalBody>
        {footer ? <div className="mt-5 flex shrink-0 flex-col gap-2 sm:flex-row-reverse">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
