import { useRef, useState } from 'react';
import { failureMessage } from '../api/client';

/**
 * One call at a time, with the loading modal's flag and the notice modal's message.
 * `run`'s work answers true when the page is leaving, which keeps the loading modal up.
 */
export function useCallState() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const busyRef = useRef(false);

  async function run(work: () => Promise<unknown>): Promise<void> {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    let leaving = false;
    try {
      leaving = (await work()) === true;
    } catch (error) {
      setNotice(failureMessage(error));
    } finally {
      if (!leaving) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  }

  return { busy, notice, run, showNotice: setNotice, closeNotice: () => setNotice(null) };
}
