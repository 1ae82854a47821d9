import { useEffect, useState, useSyncExternalStore } from 'react';
import { SMS_RESEND_SECONDS } from '#protocol/values';
import { type CodePurpose, storage } from './storage';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A code went out for `purpose` now: its resend countdown starts. The server's answers carry no
 * time, so the countdown runs from when this tab heard the send succeed.
 */
export function markCodeSent(purpose: CodePurpose): void {
  storage.codeSentAt(purpose).set(Date.now());
  for (const listener of listeners) listener();
}

/** Whether a code for `purpose` was sent from this tab (a reload keeps it). */
export const wasCodeSent = (purpose: CodePurpose): boolean => storage.codeSentAt(purpose).get() !== null;

const secondsLeft = (sentAt: number | null, now: number): number => {
  if (sentAt === null) return 0;
  const left = Math.ceil((sentAt + SMS_RESEND_SECONDS * 1000 - now) / 1000);
  return Math.min(SMS_RESEND_SECONDS, Math.max(0, left));
};

/** Seconds until a code for `purpose` may be sent again: 0 when it may be now. Ticks once a second. */
export function useResendCountdown(purpose: CodePurpose): number {
  const sentAt = useSyncExternalStore(subscribe, () => storage.codeSentAt(purpose).get());
  const [now, setNow] = useState(Date.now);
  const left = secondsLeft(sentAt, now);

  useEffect(() => {
    if (sentAt === null || secondsLeft(sentAt, now) === 0) return;
    // The next whole second of the countdown, so the number changes in step with the clock.
    const untilNext = (sentAt + SMS_RESEND_SECONDS * 1000 - Date.now()) % 1000 || 1000;
    const timer = setTimeout(() => setNow(Date.now()), untilNext);
    return () => clearTimeout(timer);
  }, [sentAt, now]);

  return left;
}
