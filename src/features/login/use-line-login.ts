import { useEffect, useRef, useState } from 'react';
import { RC_MESSAGES } from '../../../protocol/rc';
import { lineAccessToken, signInWithLine } from '../../lib/liff';

interface LineLoginOptions {
  /** Present when LINE sent the member back to /login after authorising. */
  returnCode: string | undefined;
  /** Where the LINE access token goes once there is one: the LINE sign-in flow. */
  onLineToken: (lineToken: string) => void;
  onFailure: (message: string) => void;
}

const loginPageUrl = () => new URL('/login', window.location.origin).toString();

/** Starts LINE login from the card and picks the token up when LINE sends the member back. */
export function useLineLogin({ returnCode, onLineToken, onFailure }: LineLoginOptions) {
  const [busy, setBusy] = useState(false);
  const handledCode = useRef<string | null>(null);

  async function withToken(getToken: () => Promise<string | null>) {
    setBusy(true);
    try {
      const token = await getToken();
      if (token) onLineToken(token);
    } catch {
      onFailure(RC_MESSAGES.SYSTEM_ERROR);
    } finally {
      setBusy(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: each returned code is handled once.
  useEffect(() => {
    if (!returnCode || handledCode.current === returnCode) return;
    handledCode.current = returnCode;
    void withToken(lineAccessToken);
  }, [returnCode]);

  return { busy, start: () => withToken(() => signInWithLine(loginPageUrl())) };
}
