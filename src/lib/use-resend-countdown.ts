import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ApiResponse } from '#protocol/rc';
import { SMS_RESEND_SECONDS } from '#protocol/values';
import { verificationCodeTexts } from '../i18n/zh-TW/verification-code';
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
  startCountdownAt(purpose, Date.now());
}

function startCountdownAt(purpose: CodePurpose, at: number): void {
  storage.codeSentAt(purpose).set(at);
  for (const listener of listeners) listener();
}

// For each purpose, the countdown's start (`storage.codeSentAt`) when a send the server found too
// soon set it: the code on its way is then one sent within the minute before.
const sentEarlier = new Map<CodePurpose, number>();

/**
 * Whether a send for `purpose` leaves a code on its way to the member: C01, or
 * SMS_RESEND_TOO_SOON, which says a code for that mobile and purpose went out within the last
 * minute (most likely by a try whose answer was lost, decision 0013). Either way the member
 * enters the code, and the resend waits 60 s from now: a second code would only replace the one
 * in the member's hand, and spend one of the day's three.
 */
export function codeOnItsWay(purpose: CodePurpose, answer: ApiResponse<unknown>): boolean {
  const { RC } = answer.rcrm;
  if (RC !== 'C01' && RC !== 'SMS_RESEND_TOO_SOON') return false;
  markCodeSent(purpose);
  if (RC === 'C01') sentEarlier.delete(purpose);
  else sentEarlier.set(purpose, storage.codeSentAt(purpose).get() ?? 0);
  return true;
}

/** Whether the countdown of `purpose` runs from a send the server found too soon (`codeOnItsWay`). */
export const sentWithinTheMinute = (purpose: CodePurpose): boolean =>
  sentEarlier.get(purpose) === storage.codeSentAt(purpose).get();

/**
 * What a resend's answer tells the member in a notice: that it went; nothing for a code sent
 * within the minute, which the resend button says as it counts; else the RM.
 */
export function resendNotice(purpose: CodePurpose, answer: ApiResponse<unknown>): string | null {
  if (!codeOnItsWay(purpose, answer)) return answer.rcrm.RM;
  return answer.rcrm.RC === 'C01' ? verificationCodeTexts.resent : null;
}

/** Whether a code for `purpose` was sent from this tab (a reload keeps it). */
export const wasCodeSent = (purpose: CodePurpose): boolean => storage.codeSentAt(purpose).get() !== null;

const secondsLeft = (sentAt: number | null, now: number): number => {
  if (sentAt === null) return 0;
  const left = Math.ceil((sentAt + SMS_RESEND_SECONDS * 1000 - now) / 1000);
  return Math.min(SMS_RESEND_SECONDS, Math.max(0, left));
};

/**
 * A send time later than `now` is one a fast phone clock gave, set right since: the code went no
 * later than now, so the countdown runs from now, and is never longer than 60 s from when the
 * clock was mended (kept in the tab, so a reload waits no longer either). A countdown that runs
 * from a send found too soon still says so.
 */
function sentNoLaterThan(purpose: CodePurpose, now: number): void {
  const sentAt = storage.codeSentAt(purpose).get();
  if (sentAt === null || sentAt <= now) return;
  if (sentWithinTheMinute(purpose)) sentEarlier.set(purpose, now);
  startCountdownAt(purpose, now);
}

/** Seconds until a code for `purpose` may be sent again: 0 when it may be now. Ticks once a second. */
export function useResendCountdown(purpose: CodePurpose): number {
  const sentAt = useSyncExternalStore(subscribe, () => storage.codeSentAt(purpose).get());
  const [now, setNow] = useState(Date.now);
  const left = secondsLeft(sentAt, now);

  useEffect(() => {
    if (sentAt !== null && sentAt > now) {
      sentNoLaterThan(purpose, now);
      return;
    }
    if (sentAt === null || secondsLeft(sentAt, now) === 0) return;
    // The next whole second of the countdown, so the number changes in step with the clock.
    const untilNext = (sentAt + SMS_RESEND_SECONDS * 1000 - Date.now()) % 1000 || 1000;
    const timer = setTimeout(() => setNow(Date.now()), untilNext);
    return () => clearTimeout(timer);
  }, [purpose, sentAt, now]);

  return left;
}
