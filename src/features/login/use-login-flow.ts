import { useEffect, useRef, useState } from 'react';
import type { LoginParams } from '#protocol/endpoints';
import { failureMessage, hasRc } from '../../api/client';
import { t } from '../../i18n/zh-TW';
import { readSession, startSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { useCompareEcMemberMutation, useLoginMutation } from './api';
import { useMemberRedirect } from './use-member-redirect';

/** The spec's login flow: sign in, or explain why an unknown mobile cannot, and move signed-in members on. */
export function useLoginFlow() {
  const loginMutation = useLoginMutation();
  const compareMutation = useCompareEcMemberMutation();
  const goToMemberArea = useMemberRedirect();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [offerLineBind, setOfferLineBind] = useState(false);
  const busyRef = useRef(false);

  /** The notice modal; `bindLine` adds its way to /line_bind (only for a LINE id not yet bound). */
  function showNotice(message: string | null, bindLine = false) {
    setOfferLineBind(bindLine);
    setNotice(message);
  }

  async function whileBusy(work: () => Promise<boolean>) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    let leaving = false;
    try {
      leaving = await work();
    } catch (error) {
      showNotice(failureMessage(error));
    } finally {
      // A page that is leaving keeps its loading indicator until the browser navigates.
      if (!leaving) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  }

  async function notMemberMessage(phone: string): Promise<string> {
    const answer = await compareMutation.mutateAsync(phone);
    if (!hasRc(answer, 'C01')) return answer.rcrm.RM;
    // The spec sets a "login failed" text when a status is present, then always overwrites it here.
    return answer.results?.is_mmrm_member ? t.login.systemUpgraded : t.login.useHiqAppAccount;
  }

  const signIn = (values: LoginParams) =>
    whileBusy(async () => {
      const answer = await loginMutation.mutateAsync(values);
      const token = answer.results?.member_access_token;
      if (hasRc(answer, 'C01')) {
        if (!token) throw new Error('login answered C01 without a member token');
        startSession(token, 'Member');
        return goToMemberArea(token, 'Member');
      }
      showNotice(hasRc(answer, 'MEMBER_IS_NOT_EXIST') ? await notMemberMessage(values.account) : answer.rcrm.RM);
      return false;
    });

  const returningMember = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on arrival, as the spec's guard does.
  useEffect(() => {
    if (returningMember.current) return;
    returningMember.current = true;
    const session = readSession();
    if (session) void whileBusy(() => goToMemberArea(session.token, storage.loginType.get() ?? 'Member'));
  }, []);

  return {
    busy,
    notice,
    offerLineBind,
    signIn,
    /** One call at a time under the loading modal; the work answers whether the page is leaving. */
    run: whileBusy,
    showNotice,
    closeNotice: () => showNotice(null),
  };
}
