import { useEffect, useState } from 'react';
import { CARD_STEP_SECONDS, memberCardCode, msUntilNextStep } from '#protocol/member-card';

export interface CardCode {
  code: string;
  /** Whole seconds until the code changes, from CARD_STEP_SECONDS down to 1. */
  secondsLeft: number;
}

function codeAt(cardNumber: string, secret: Uint8Array, serverNow: number): CardCode {
  return {
    code: memberCardCode(cardNumber, secret, serverNow),
    secondsLeft: Math.min(CARD_STEP_SECONDS, Math.ceil(msUntilNextStep(serverNow) / 1000)),
  };
}

/**
 * The code the card shows now, on the server's clock (this device's plus the offset the card
 * answer gave), derived on the device: it keeps changing every 30 seconds without a network.
 * Re-rendered at each whole second of the countdown, timed to the step's own edges.
 */
export function useCardCode(cardNumber: string, secret: Uint8Array, clockOffsetMs: number): CardCode {
  const serverNow = () => Date.now() + clockOffsetMs;
  const [current, setCurrent] = useState(() => codeAt(cardNumber, secret, serverNow()));

  // biome-ignore lint/correctness/useExhaustiveDependencies: serverNow reads only the offset, listed here.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const now = serverNow();
      setCurrent(codeAt(cardNumber, secret, now));
      // To the next whole second before the step's end, so the countdown and the code change together.
      timer = setTimeout(tick, (msUntilNextStep(now) % 1000 || 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [cardNumber, secret, clockOffsetMs]);

  return current;
}
