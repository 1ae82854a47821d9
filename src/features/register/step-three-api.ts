import { useMutation } from '@tanstack/react-query';
import type { EndpointName } from '#protocol/endpoints';
import type { ActionOptions, Answer } from '../../api/action-options';
import { callApi, encrypt, hasRc } from '../../api/client';
import { storage } from '../../lib/storage';
import { signInWithStepOne } from './sign-in-with-step-one';

// Step 3's calls live apart from api.ts: step 1's route loader brings api.ts into the entry
// chunk, which every page loads, and these bring the sign-in and step 1's draft with them.

/** Calls that need the registration's temp token make no call without it and answer null (spec section 4). */
async function withTempToken<A extends Answer<EndpointName>>(call: (token: string) => Promise<A>): Promise<A | null> {
  const token = storage.tempAccessToken.get();
  if (!token) return null;
  const answer = await call(token);
  if (!hasRc(answer, 'TOKEN_INVALID')) return answer;
  // The server no longer knows the token (spent, or its 30 minutes ran out): the tab forgets it too.
  storage.tempAccessToken.remove();
  return null;
}

/**
 * Verifying or skipping that worked spends the temp token. On a weak signal its answer can be
 * lost, and trying again then answers TOKEN_INVALID to a member who is registered. Step 1's
 * mobile and password, still in the tab, tell: if they sign in, the registration stood, and
 * the member is welcomed as if the lost answer had come. If not (the token's 30 minutes ran
 * out and the unfinished registration went with it), the answer is null: the registration is
 * gone. A sign-in that gets no answer keeps the token, so trying again asks again.
 */
async function finishing(call: (token: string) => Promise<Answer<'registerVerify'>>) {
  const token = storage.tempAccessToken.get();
  if (!token) return null;
  const answer = await call(token);
  if (!hasRc(answer, 'TOKEN_INVALID')) return answer;
  const signedIn = await signInWithStepOne();
  storage.tempAccessToken.remove();
  return signedIn && hasRc(signedIn, 'C01') ? signedIn : null;
}

export const useRegisterVerifyMutation = (options: ActionOptions<Answer<'registerVerify'> | null, string> = {}) =>
  useMutation({
    ...options,
    mutationFn: (verifyCode) =>
      finishing((token) => callApi('registerVerify', { token, params: { verify_code: verifyCode } })),
  });

export const useRegisterSkipVerifyMutation = (options: ActionOptions<Answer<'registerSkipVerify'> | null> = {}) =>
  useMutation({ ...options, mutationFn: () => finishing((token) => callApi('registerSkipVerify', { token })) });

export const useResendRegisterVerifyMutation = (options: ActionOptions<Answer<'resendRegisterVerify'> | null> = {}) =>
  useMutation({ ...options, mutationFn: () => withTempToken((token) => callApi('resendRegisterVerify', { token })) });

/** Sends the code to another mobile before verifying; the new mobile goes encrypted. */
export const useUpdateRegisterMobileMutation = (
  options: ActionOptions<Answer<'updateRegisterMobile'> | null, string> = {},
) =>
  useMutation({
    ...options,
    mutationFn: (mobile) =>
      withTempToken(async (token) =>
        callApi('updateRegisterMobile', { token, params: { mobile: await encrypt(mobile) } }),
      ),
  });
