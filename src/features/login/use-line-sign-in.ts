import { hasRc } from '../../api/client';
import { fetchRedirectLocation } from '../../api/redirect-location';
import { t } from '../../i18n/zh-TW';
import { trackSignIn } from '../../lib/analytics';
import { keepLineBindData } from '../../lib/line-bind';
import { leaveFor } from '../../lib/redirect';
import { startSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { useLoginWithProviderMutation } from './api';
import type { useLoginFlow } from './use-login-flow';

type LoginFlow = Pick<ReturnType<typeof useLoginFlow>, 'run' | 'showNotice'>;

/**
 * The spec's LINE flow once LINE has given its access token: a bound LINE user is signed in
 * (session, login type Line, the sign-in event) and taken to the redirect location; a LINE user
 * not yet bound is offered the bind screen, with the bind data kept for it and for registration.
 */
export function useLineSignIn(flow: LoginFlow) {
  const loginWithProvider = useLoginWithProviderMutation();

  async function goOn(memberToken: string): Promise<boolean> {
    let answer: Awaited<ReturnType<typeof fetchRedirectLocation>>;
    try {
      answer = await fetchRedirectLocation(memberToken);
    } catch {
      // A failed redirect fetch only stops the loading indicator (spec section 8).
      return false;
    }
    if (hasRc(answer, 'C01')) return leaveFor(answer.results?.location);
    flow.showNotice(answer.rcrm.RM);
    return false;
  }

  return (lineToken: string) =>
    flow.run(async () => {
      const answer = await loginWithProvider.mutateAsync(lineToken);
      if (hasRc(answer, 'C01')) {
        const memberToken = answer.results?.member_access_token;
        if (!memberToken) throw new Error('login_with_provider answered C01 without a member token');
        startSession(memberToken, 'Line');
        storage.lineAccessToken.set(lineToken);
        trackSignIn('Line');
        return goOn(memberToken);
      }
      if (hasRc(answer, 'LINE_NOT_BOUND')) {
        keepLineBindData(lineToken);
        flow.showNotice(t.login.lineNotBound, true);
        return false;
      }
      flow.showNotice(answer.rcrm.RM);
      return false;
    });
}
