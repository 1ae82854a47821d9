import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import type { ApiResponse } from '#protocol/rc';
import { failureMessage, gotNoAnswer, hasRc } from '../../api/client';
import { memberTokenOf } from '../../api/member-login';
import { answerWasLost, keepAnswerLost } from '../../api/retry-safe-call';
import { registerTexts } from '../../i18n/zh-TW/register';
import { forgetLineBind, lineBindData } from '../../lib/line-bind';
import { storage } from '../../lib/storage';
import { markCodeSent } from '../../lib/use-resend-countdown';
import { useRegisterCheckMutation, useRegisterMutation } from './api';
import { registrationPayload, stepOneDraft } from './drafts';
import { type StepOneValues, type StepTwoSent, stepOneSchema } from './form-schemas';
import { useSignInWithStepOneMutation } from './sign-in-with-step-one';
import { crmDataToRegisterWith, forgetCrmData } from './third-party-crm';
import { useWelcome } from './use-welcome';

/**
 * Step 2's way to an account, registering or skipping: an invite code in the box is checked and its
 * rewards shown first; then register (or register with the link's third-party CRM data), keep
 * the temp token, go to step 3.
 */
export function useRegistration() {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [awaitingRewards, setAwaitingRewards] = useState<StepTwoSent | null>(null);
  // The link's CRM data was dropped and the member not told yet; told with the next notice, once.
  const crmDataDropped = useRef(false);
  // Closing the notice goes on to step 3: it came with a registration that worked.
  const [noticeGoesOn, setNoticeGoesOn] = useState(false);
  const toStepThree = () => navigate({ to: '/registerFinal' });

  function tell(message: string | null) {
    const dropped = crmDataDropped.current;
    crmDataDropped.current = false;
    setNotice([dropped ? registerTexts.crmDataDropped : null, message].filter(Boolean).join('\n'));
  }
  const showFailure = (error: Error) => tell(failureMessage(error));

  // Registering got no answer: the server may have registered the member all the same. The
  // next try, after a reload too, finds the mobile taken by that registration, whose temp token
  // went with the lost answer; step 1's mobile and password sign in to it instead (decision 0013).
  const welcome = useWelcome();
  const signInInstead = useSignInWithStepOneMutation({
    onSuccess: (answer, takenMessage) => {
      keepAnswerLost('register', false);
      if (answer && hasRc(answer, 'C01')) return welcome.welcome(memberTokenOf(answer, 'login'));
      tell(takenMessage);
    },
    onError: showFailure,
  });
  /** Whether `answer` is the mobile taken after a lost answer; if so, signing in is under way. */
  function takenByLostRegistration(answer: ApiResponse<unknown>): boolean {
    if (!answerWasLost('register') || !hasRc(answer, 'MEMBER_MOBILE_IS_REPEAT')) return false;
    signInInstead.mutate(answer.rcrm.RM);
    return true;
  }

  const registerCheck = useRegisterCheckMutation({ onError: showFailure });
  const register = useRegisterMutation({
    onSuccess: ({ answer, crmDataRefused }, { bind_third_party, third_party_crm_data }) => {
      if (takenByLostRegistration(answer)) return;
      keepAnswerLost('register', false);
      if (crmDataRefused) {
        forgetCrmData();
        crmDataDropped.current = true;
      }
      if (hasRc(answer, 'C01')) {
        const token = answer.results?.temp_access_token;
        if (!token) throw new Error('register answered C01 without a temp token');
        storage.tempAccessToken.set(token);
        markCodeSent('register');
        if (bind_third_party) forgetLineBind();
        // Returning the navigation keeps the loading modal up until step 3 shows.
        if (!crmDataDropped.current) return toStepThree();
        setNoticeGoesOn(true);
        return tell(null);
      }
      // LINE refused the token or its user is bound elsewhere: said once, then the member registers without LINE.
      if (hasRc(answer, 'LINE_TOKEN_INVALID') || hasRc(answer, 'LINE_ALREADY_BOUND')) forgetLineBind();
      // The third-party CRM path also shows the result code itself, as the spec says.
      const viaCrm = third_party_crm_data && !crmDataRefused;
      tell(viaCrm ? registerTexts.crmRegisterFailed(answer.rcrm.RM, answer.rcrm.RC) : answer.rcrm.RM);
    },
    onError: (error) => {
      if (gotNoAnswer(error)) keepAnswerLost('register', true);
      showFailure(error);
    },
  });

  /** Step 1 as kept in the tab; when it is not complete the member goes back there. */
  function completeStepOne(): StepOneValues | null {
    const one = v.safeParse(stepOneSchema, stepOneDraft());
    if (one.success) return one.output;
    void navigate({ to: '/registerFirst', replace: true });
    return null;
  }

  function registerWith(two: StepTwoSent) {
    const one = completeStepOne();
    if (!one) return;
    const crm = crmDataToRegisterWith();
    if (crm.unreadable) crmDataDropped.current = true;
    register.mutate({
      register: registrationPayload(one, two),
      // A LINE user who is not a member yet is bound to the new account in the same registration.
      bind_third_party: lineBindData() ?? undefined,
      third_party_crm_data: crm.data,
    });
  }

  function checkThenRegister(two: StepTwoSent) {
    if (!two.referrer_code) return registerWith(two);
    const one = completeStepOne();
    if (!one) return;
    registerCheck.mutate(
      { mobile: one.mobile, password: one.password, referrer_code: two.referrer_code },
      {
        onSuccess: (answer) => {
          if (takenByLostRegistration(answer)) return;
          return hasRc(answer, 'C01') ? setAwaitingRewards(two) : tell(answer.rcrm.RM);
        },
      },
    );
  }

  return {
    submit: checkThenRegister,
    /** Skipping leaves out the optional details; a friend's invite code in the box still goes, checked. */
    skip: (referrerCode: string) => checkThenRegister({ referrer_code: referrerCode }),
    pending: registerCheck.isPending || register.isPending || signInInstead.isPending,
    /** Signed in after all (see `takenByLostRegistration`): the success overlay, then the member is taken on. */
    welcomed: welcome.welcomed,
    redirectFailed: welcome.redirectFailed,
    notice,
    /** Closing the notice goes on to step 3: its button says OK rather than close. */
    noticeGoesOn,
    showNotice: setNotice,
    closeNotice: () => {
      setNotice(null);
      if (!noticeGoesOn) return;
      setNoticeGoesOn(false);
      void toStepThree();
    },
    rewardsOpen: awaitingRewards !== null,
    confirmRewards: () => {
      setAwaitingRewards(null);
      if (awaitingRewards) registerWith(awaitingRewards);
    },
    closeRewards: () => setAwaitingRewards(null),
  };
}
