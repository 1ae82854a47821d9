import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { hasRc } from '../../api/client';
import { t } from '../../i18n/zh-TW';
import { forgetLineBind, lineBindData } from '../../lib/line-bind';
import { storage } from '../../lib/storage';
import type { useCallState } from '../../lib/use-call-state';
import { useRegisterCheckMutation, useRegisterMutation, useRegisterWithThirdPartyCrmDataMutation } from './api';
import { registrationPayload, stepOneDraft } from './drafts';
import { type StepTwoValues, stepOneSchema } from './form-schemas';

/**
 * Step 2's way to an account: an invite code is checked and its rewards shown first; then
 * register (or register with the link's third-party CRM data), keep the temp token, go to step 3.
 */
export function useRegistration(call: ReturnType<typeof useCallState>) {
  const navigate = useNavigate();
  const registerCheck = useRegisterCheckMutation();
  const register = useRegisterMutation();
  const registerWithCrmData = useRegisterWithThirdPartyCrmDataMutation();
  const [awaitingRewards, setAwaitingRewards] = useState<StepTwoValues | null>(null);

  async function stepOne() {
    const one = v.safeParse(stepOneSchema, stepOneDraft());
    if (!one.success) await navigate({ to: '/registerFirst', replace: true });
    return one.success ? one.output : null;
  }

  async function registerNow(two: StepTwoValues | null): Promise<void> {
    const one = await stepOne();
    if (!one) return;
    const payload = registrationPayload(one, two);
    const crm = storage.check3rdCrmData.get();
    // A LINE user who is not a member yet is bound to the new account in the same registration.
    const bind_third_party = lineBindData() ?? undefined;
    const answer = crm
      ? await registerWithCrmData.mutateAsync({
          register: payload,
          third_party_crm_data: crm.third_party_crm_data,
          bind_third_party,
        })
      : await register.mutateAsync({ register: payload, bind_third_party });
    const token = answer.results?.temp_access_token;
    if (hasRc(answer, 'C01')) {
      if (!token) throw new Error('register answered C01 without a temp token');
      storage.tempAccessToken.set(token);
      if (bind_third_party) forgetLineBind();
      await navigate({ to: '/registerFinal' });
      return;
    }
    // LINE refused the token or its user is bound elsewhere: said once, then the member registers without LINE.
    if (hasRc(answer, 'LINE_TOKEN_INVALID') || hasRc(answer, 'LINE_ALREADY_BOUND')) forgetLineBind();
    // The third-party CRM path shows the result code itself, as the spec says.
    call.showNotice(crm ? t.register.crmRegisterFailed(answer.rcrm.RC) : answer.rcrm.RM);
  }

  const submit = (two: StepTwoValues) =>
    call.run(async () => {
      if (!two.referrer_code) return registerNow(two);
      const one = await stepOne();
      if (!one) return;
      const answer = await registerCheck.mutateAsync({
        mobile: one.mobile,
        password: one.password,
        referrer_code: two.referrer_code,
      });
      if (hasRc(answer, 'C01')) setAwaitingRewards(two);
      else call.showNotice(answer.rcrm.RM);
    });

  return {
    submit,
    skip: () => call.run(() => registerNow(null)),
    rewardsOpen: awaitingRewards !== null,
    confirmRewards: () => {
      const two = awaitingRewards;
      setAwaitingRewards(null);
      return call.run(() => registerNow(two));
    },
    closeRewards: () => setAwaitingRewards(null),
  };
}
