import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { failureMessage, hasRc } from '../../api/client';
import { t } from '../../i18n/zh-TW';
import { forgetLineBind, lineBindData } from '../../lib/line-bind';
import { storage } from '../../lib/storage';
import { useRegisterCheckMutation, useRegisterMutation } from './api';
import { registrationPayload, stepOneDraft } from './drafts';
import { type StepOneValues, type StepTwoValues, stepOneSchema } from './form-schemas';

/**
 * Step 2's way to an account: an invite code is checked and its rewards shown first; then
 * register (or register with the link's third-party CRM data), keep the temp token, go to step 3.
 */
export function useRegistration() {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [awaitingRewards, setAwaitingRewards] = useState<StepTwoValues | null>(null);
  const showFailure = (error: Error) => setNotice(failureMessage(error));

  const registerCheck = useRegisterCheckMutation({ onError: showFailure });
  const register = useRegisterMutation({
    onSuccess: (answer, { bind_third_party, third_party_crm_data }) => {
      if (hasRc(answer, 'C01')) {
        const token = answer.results?.temp_access_token;
        if (!token) throw new Error('register answered C01 without a temp token');
        storage.tempAccessToken.set(token);
        if (bind_third_party) forgetLineBind();
        // Returning the navigation keeps the loading modal up until step 3 shows.
        return navigate({ to: '/registerFinal' });
      }
      // LINE refused the token or its user is bound elsewhere: said once, then the member registers without LINE.
      if (hasRc(answer, 'LINE_TOKEN_INVALID') || hasRc(answer, 'LINE_ALREADY_BOUND')) forgetLineBind();
      // The third-party CRM path shows the result code itself, as the spec says.
      setNotice(third_party_crm_data ? t.register.crmRegisterFailed(answer.rcrm.RC) : answer.rcrm.RM);
    },
    onError: showFailure,
  });

  /** Step 1 as kept in the tab; when it is not complete the member goes back there. */
  function completeStepOne(): StepOneValues | null {
    const one = v.safeParse(stepOneSchema, stepOneDraft());
    if (one.success) return one.output;
    void navigate({ to: '/registerFirst', replace: true });
    return null;
  }

  function registerWith(two: StepTwoValues | null) {
    const one = completeStepOne();
    if (!one) return;
    register.mutate({
      register: registrationPayload(one, two),
      // A LINE user who is not a member yet is bound to the new account in the same registration.
      bind_third_party: lineBindData() ?? undefined,
      third_party_crm_data: storage.check3rdCrmData.get()?.third_party_crm_data,
    });
  }

  function submit(two: StepTwoValues) {
    if (!two.referrer_code) return registerWith(two);
    const one = completeStepOne();
    if (!one) return;
    registerCheck.mutate(
      { mobile: one.mobile, password: one.password, referrer_code: two.referrer_code },
      { onSuccess: (answer) => (hasRc(answer, 'C01') ? setAwaitingRewards(two) : setNotice(answer.rcrm.RM)) },
    );
  }

  return {
    submit,
    skip: () => registerWith(null),
    pending: registerCheck.isPending || register.isPending,
    notice,
    showNotice: setNotice,
    closeNotice: () => setNotice(null),
    rewardsOpen: awaitingRewards !== null,
    confirmRewards: () => {
      setAwaitingRewards(null);
      registerWith(awaitingRewards);
    },
    closeRewards: () => setAwaitingRewards(null),
  };
}
