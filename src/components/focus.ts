/** Marks the loading overlay's box, which holds the focus while a call runs. */
export const LOADING_OVERLAY_ATTRIBUTE = 'data-loading-overlay';

/** Where the focus goes when the loading overlay closes: where it was, or the screen shown meanwhile. */
let afterLoading: HTMLElement | null = null;

const inLoadingOverlay = (element: Element | null): boolean =>
  element?.closest(`[${LOADING_OVERLAY_ATTRIBUTE}]`) != null;

/** The element that has the focus, seen through the loading overlay; null at the start of the page. */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  return inLoadingOverlay(active) ? afterLoading : active;
}

/** True while a modal dialog holds the focus. */
export const focusIsInModal = (target: EventTarget | null = document.activeElement): boolean =>
  target instanceof Element && target.closest('[aria-modal="true"]') !== null;

/** The loading overlay takes the focus; `returnFocusAfterLoading` gives it back. */
export function takeFocusForLoading(overlay: HTMLElement | null): void {
  afterLoading = focusedElement();
  if (!focusIsInModal()) overlay?.focus({ preventScroll: true });
}

export function returnFocusAfterLoading(): void {
  if (afterLoading) returnFocusTo(afterLoading);
}

function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  // Screens with a heading of their own get the tabindex the shared page heading has.
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * A new screen shows: its heading takes the focus, so a screen reader says where the member now
 * is. A modal the screen opened keeps the focus; a loading overlay gives it to the heading later.
 */
export function focusNewScreen(): void {
  const heading = pageHeading();
  if (!heading || focusIsInModal()) return;
  if (inLoadingOverlay(document.activeElement)) afterLoading = heading;
  else heading.focus({ preventScroll: true });
}

/**
 * The first field the member can type in of the opener's form: the one it is in, or the one beside
 * it (the resend button stands next to the code's form, not inside it).
 */
function inputOfFormAt(opener: HTMLElement): HTMLElement | null {
  const form = opener.closest('form') ?? opener.parentElement?.querySelector('form');
  return form?.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"])') ?? null;
}

/**
 * Gives the focus back to `opener` when a modal closes; when the opener is gone (the screen
 * changed, or the modal opened on arrival), the screen's heading takes it. An opener that cannot
 * take it (the resend button, disabled by the countdown its send started) would leave the focus on
 * the body, and a screen reader would start again from the top: the field of its form takes it
 * (the member resent the code to type it in), else the heading.
 */
export function returnFocusTo(opener: HTMLElement | null): void {
  if (opener?.isConnected) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  const field = opener?.isConnected ? inputOfFormAt(opener) : null;
  if (field) field.focus();
  else pageHeading()?.focus({ preventScroll: true });
}
