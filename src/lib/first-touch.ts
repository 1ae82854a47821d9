import { useEffect, useRef } from 'react';

// A member about to act touches the page first: a field, a button, a key. The first of these is
// the moment to fetch what their action will need, while they go on typing or reading.
const FIRST_TOUCHES = ['pointerdown', 'focusin', 'keydown'] as const;

/**
 * Runs `prepare` once, when the member first touches the page: code an action needs that the page
 * does not carry (so a visitor who only passes through loads none of it) comes while they type,
 * not after they tap, which on one bar of signal is a round trip or more.
 */
export function useOnFirstTouch(prepare: () => void): void {
  const latest = useRef(prepare);
  latest.current = prepare;
  useEffect(() => {
    const stop = () => {
      for (const event of FIRST_TOUCHES) document.removeEventListener(event, touched, true);
    };
    function touched() {
      stop();
      latest.current();
    }
    for (const event of FIRST_TOUCHES) document.addEventListener(event, touched, { capture: true, passive: true });
    return stop;
  }, []);
}
