import { useEffect } from 'react';
import { loadSigningCodeAhead } from '../../api/client';

// A member about to sign in touches the page first: a field, the LINE button, a key. Any of them
// starts the signing code's load; a visitor who only passes through to another screen loads nothing.
const FIRST_TOUCHES = ['pointerdown', 'focusin', 'keydown'] as const;

/**
 * Loads the signing code once the member first touches the screen, so it comes while they type
 * and the sign-in button sends the call at once (on a 400 ms round trip the tap waited 0.5 s for it).
 */
export function useSigningCodeOnFirstTouch(): void {
  useEffect(() => {
    const stop = () => {
      for (const event of FIRST_TOUCHES) document.removeEventListener(event, touched, true);
    };
    function touched() {
      stop();
      loadSigningCodeAhead();
    }
    for (const event of FIRST_TOUCHES) document.addEventListener(event, touched, { capture: true, passive: true });
    return stop;
  }, []);
}
