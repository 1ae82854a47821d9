import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { failureMessage, gotNoAnswer } from '../../api/client';
import { loginTexts } from '../../i18n/zh-TW/login';
import { LineLoginError, LineNoAnswer, lineAccessToken, signInWithLine, takeLiffBootFailure } from '../../lib/liff';

interface LineLoginOptions {
  /** Present when LINE sent the member back to /login after authorising. */
  returnCode: string | undefined;
  /** Where the LINE access token goes once there is one: the LINE sign-in flow. */
  onLineToken: (lineToken: string) => void;
  /** `offerReload`: LINE never answered LIFF's start, which only a new page load starts afresh. */
  onFailure: (message: string, offerReload: boolean) => void;
  /** LINE's return (its code and state) has been dealt with and leaves the address. */
  onReturnHandled: () => void;
}

const loginPageUrl = () => new URL('/login', window.location.origin).toString();

/**
 * LIFF's own words after the app's, so a member can quote them (the spec shows LINE's
 * error_description); LIFF's code that did not come is the connection, said as for any call.
 * An error LINE login sent back through the address is already in the app's words: the address
 * is anyone's to write, so nothing of it is quoted.
 */
function lineFailure(error: unknown): string {
  if (gotNoAnswer(error)) return failureMessage(error);
  if (error instanceof LineLoginError) return error.message;
  return error instanceof Error && error.message ? loginTexts.lineFailedWith(error.message) : loginTexts.lineFailed;
}

/**
 * Starts LINE login from the card, and on arrival picks up what LINE sent the member back with:
 * the token, or LIFF's failure (at boot or now), which is shown before LINE's query leaves the URL.
 */
export function useLineLogin({ returnCode, onLineToken, onFailure, onReturnHandled }: LineLoginOptions) {
  // Asking LIFF for the token is the action here; LIFF may take a while, so it runs under the loading modal.
  const asking = useMutation({ mutationFn: (getToken: () => Promise<string | null>) => getToken() });
  const arrived = useRef(false);

  async function lineToken(getToken: () => Promise<string | null>): Promise<string | null | Error> {
    try {
      return await asking.mutateAsync(getToken);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  const fail = (error: unknown) => onFailure(lineFailure(error), error instanceof LineNoAnswer);

  async function pickUpReturn() {
    const bootFailure = takeLiffBootFailure();
    if (!bootFailure && !returnCode) return;
    // Null: LINE sent the member back, yet LIFF holds no login.
    const result = bootFailure ?? (await lineToken(lineAccessToken));
    if (typeof result === 'string') onLineToken(result);
    else fail(result);
    onReturnHandled();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: LINE's return is picked up once, on arrival.
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    void pickUpReturn();
  }, []);

  async function start() {
    const token = await lineToken(() => signInWithLine(loginPageUrl()));
    if (typeof token === 'string') onLineToken(token);
    else if (token) fail(token);
  }

  return { busy: asking.isPending, start: () => void start() };
}
