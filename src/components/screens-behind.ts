/**
 * The screens (`main`) behind an overlay, out of reach while it is up: `inert`, so neither Tab nor
 * a screen reader's swipe (TalkBack and VoiceOver move by their own gestures, not by Tab, and
 * Android's WebView does not always take `aria-modal` to hide the rest) can land on the form
 * behind a notice or the loading overlay; and, behind the loading overlay, `aria-busy`. Counted:
 * each comes off when the last overlay that put it on lets go, whichever order they close in.
 */
let holds = 0;
let busyHolds = 0;
const heldScreens = new Set<HTMLElement>();

/** Holds the screens shown now out of reach (and busy, with `busy`); answers the way to let go (once). */
export function holdScreensBehind(busy = false): () => void {
  holds += 1;
  if (busy) busyHolds += 1;
  for (const main of document.querySelectorAll('main')) {
    main.setAttribute('inert', '');
    if (busy) main.setAttribute('aria-busy', 'true');
    heldScreens.add(main);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (busy) busyHolds -= 1;
    for (const main of heldScreens) {
      if (!busyHolds) main.removeAttribute('aria-busy');
      if (!holds) main.removeAttribute('inert');
    }
    if (!holds) heldScreens.clear();
  };
}
