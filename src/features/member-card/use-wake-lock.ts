import { useEffect } from 'react';

/**
 * Keeps the screen on while the card shows, where the browser allows (Screen Wake Lock API): a
 * phone that dims at the till makes the cashier wait. The lock ends when the page is hidden, so
 * it is asked for again when the member comes back; a browser without it, or refusing, changes nothing.
 */
export function useWakeLock(): void {
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const request = async () => {
      if (document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
      try {
        const granted = await navigator.wakeLock.request('screen');
        if (ended) await granted.release();
        else lock = granted;
      } catch {
        // Low battery, a policy or an unfocused page: the card still shows, the screen may dim.
      }
    };
    const onVisibility = () => void request();
    void request();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}
