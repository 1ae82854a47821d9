import { useEffect, useRef } from 'react';

// A member about to act touches the page first: a field, a button, a key. The first of these is
// the moment to fetch what their action will need, while they go on typing or reading.
const FIRST_TOUCHES = ['pointerdown', 'focusin', 'keydown'] as const;

// The app moves the focus itself too (a new screen's heading, the loading overlay, a notice's
// button), which is no touch: a focus counts when a field takes it, as when a screen reader
// enters one. The app moves it to a field only after a submit, when the code has come anyway.
const FIELDS = 'input, select, textarea';
const isTouch = (event: Event): boolean =>
  event.type !== 'focusin' || (event.target instanceof Element && event.target.matches(FIELDS));

/**
 * Runs `prepare` once, when the member first touches the page: code an action needs that the page
 * does not carry (so a visitor who only passes through loads none of it) comes while they type,
 * not after they tap, which on one bar of signal is a round trip or more. Null: nothing to run.
 */
export function useOnFirstTouch(prepare: (() => void) | null): void {
  const latest = useRef(prepare);
  latest.current = prepare;
  const preparing = prepare !== null;
  useEffect(() => {
    if (!preparing) return;
    const stop = () => {
      for (const event of FIRST_TOUCHES) document.removeEventListener(event, touched, true);
    };
    function touched(event: Event) {
      if (!isTouch(event)) return;
      stop();
      latest.current?.();
    }
    for (const event of FIRST_TOUCHES) document.addEventListener(event, touched, { capture: true, passive: true });
    return stop;
  }, [preparing]);
}
