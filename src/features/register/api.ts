import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Params, Results } from '#protocol/endpoints';
import { REGISTER_TERM_TYPE } from '#protocol/values';
import type { ActionOptions, Answer } from '../../api/action-options';
import { ApiError, callApi, encrypt } from '../../api/client';
import { loaded, loadedStaleTime, resultsOf } from '../../api/loaded';
import { takeTermsFromPage } from './terms-in-page';

const registerTermsOf = ({ terms }: Results<'briefTerm'>) =>
  terms.filter((group) => group.type === REGISTER_TERM_TYPE).flatMap((group) => group.terms);

async function fetchRegisterTerms() {
  return registerTermsOf(resultsOf(await callApi('briefTerm', { params: { type: [REGISTER_TERM_TYPE] } })));
}

/**
 * The terms the member agrees to on step 1, or why they could not be loaded. When the page came
 * with them, they are there from the first render, as fresh as a call's answer: no round trip
 * before step 1 is complete, and none to lose on a weak signal.
 */
export const registerTermsQueryOptions = () =>
  queryOptions({
    queryKey: ['terms', REGISTER_TERM_TYPE],
    queryFn: () => loaded(fetchRegisterTerms),
    initialData: () => {
      const carried = takeTermsFromPage();
      return carried ? { ok: true as const, value: registerTermsOf(carried) } : undefined;
    },
    staleTime: loadedStaleTime,
  });

/** Is the mobile free (and, on step 2, the invite code known)? Mobile and password go encrypted. */
export const useRegisterCheckMutation = (
  options: ActionOptions<Answer<'registerCheck'>, Params<'registerCheck'>> = {},
) =>
  useMutation({
    ...options,
    mutationFn: async ({ mobile, password, referrer_code }) =>
      callApi('registerCheck', {
        params: {
          mobile: await encrypt(mobile),
          password: await encrypt(password),
          ...(referrer_code ? { referrer_code } : {}),
        },
      }),
  });

/** Steps 1 and 2 as entered, and the encrypted third-party CRM data when the link brought some. */
type Registration = Params<'register'> & { third_party_crm_data?: string };

/** The register answer, and whether the server refused the CRM data, so the member was registered without it. */
interface Registered {
  answer: Answer<'register'>;
  crmDataRefused: boolean;
}

async function register({ register, bind_third_party, third_party_crm_data }: Registration): Promise<Registered> {
  const encrypted = { ...register, mobile: await encrypt(register.mobile), password: await encrypt(register.password) };
  const params = { register: encrypted, bind_third_party };
  if (third_party_crm_data) {
    try {
      // The CRM data goes on as it came in the link.
      const withCrmData = { ...params, third_party_crm_data };
      return { answer: await callApi('registerWithThirdPartyCrmData', { params: withCrmData }), crmDataRefused: false };
    } catch (error) {
      // Every other field passed the server's own rules here, so a parameter refusal is the CRM data's.
      if (!(error instanceof ApiError && error.rc === 'PARAMETER_INVALID')) throw error;
    }
    return { answer: await callApi('register', { params }), crmDataRefused: true };
  }
  return { answer: await callApi('register', { params }), crmDataRefused: false };
}

/**
 * Registers (with the CRM data when there is some, and without it when the server refuses it);
 * a C01 answers the temp token of step 3.
 */
export const useRegisterMutation = (options: ActionOptions<Registered, Registration> = {}) =>
  useMutation({ ...options, mutationFn: register });
