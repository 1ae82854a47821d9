/**
 * The screens (`main`) behind an overlay, out of reach while it is up: `inert`, so neither Tab nor
 * a screen reader's swipe (TalkBack and VoiceOver move by their own gestures, not by Tab, and
 * Android's WebView does not always take `aria-modal` to hide the rest) can land on the form
 * behind a notice or the loading overlay. Counted: the screens come back when the last overlay
 * that holds them lets go, whichever order they close in.
 */
let holds = 0;
const heldScreens = new Set<HTMLElement>();

/** Holds the screens shown now out of reach; answers the way to let go (once). */
export function holdScreensBehind(): () => void {
  holds += 1;
  for (const main of document.querySelectorAll('main')) {
    main.setAttribute('inert', '');
    heldScreens.add(main);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds > 0) return;
    for (const main of heldScreens) main.removeAttribute('inert');
    heldScreens.clear();
  };
}
