import { useMutation } from '@tanstack/react-query';
import type { EndpointName } from '#protocol/endpoints';
import type { ActionOptions, Answer } from '../../api/action-options';
import { callApi, encrypt, hasRc } from '../../api/client';
import { storage } from '../../lib/storage';
import { signInWithStepOne } from './sign-in-with-step-one';

// Step 3's calls live apart from api.ts: step 1's route loader brings api.ts into the entry
// chunk, which every page loads, and these bring the sign-in and step 1's draft with them.

/**
 * Calls that need the registration's temp token make no call without it and answer null (spec
 * section 4). A token the server no longer knows (spent, or its 30 minutes ran out) is
 * forgotten by the tab too, after `whenSpent` has said what to answer instead (null: the
 * registration is gone). Should `whenSpent` get no answer, the token stays for the next try.
 */
async function withTempToken<A extends Answer<EndpointName>, B = never>(
  call: (token: string) => Promise<A>,
  whenSpent: () => Promise<B | null> = async () => null,
): Promise<A | B | null> {
  const token = storage.tempAccessToken.get();
  if (!token) return null;
  const answer = await call(token);
  if (!hasRc(answer, 'TOKEN_INVALID')) return answer;
  const instead = await whenSpent();
  storage.tempAccessToken.remove();
  return instead;
}

/**
 * Verifying or skipping that worked spends the temp token. On a weak signal its answer can be
 * lost, and trying again then answers TOKEN_INVALID to a member who is registered. Step 1's
 * mobile and password, still in the tab, tell: if they sign in, the registration stood, and
 * the member is welcomed as if the lost answer had come. If not (the token's 30 minutes ran
 * out and the unfinished registration went with it), the registration is gone.
 */
async function signedInInstead(): Promise<Answer<'login'> | null> {
  const signedIn = await signInWithStepOne();
  return signedIn && hasRc(signedIn, 'C01') ? signedIn : null;
}

export const useRegisterVerifyMutation = (options: ActionOptions<Answer<'registerVerify'> | null, string> = {}) =>
  useMutation({
    ...options,
    mutationFn: (verifyCode) =>
      withTempToken(
        (token) => callApi('registerVerify', { token, params: { verify_code: verifyCode } }),
        signedInInstead,
      ),
  });

export const useRegisterSkipVerifyMutation = (options: ActionOptions<Answer<'registerSkipVerify'> | null> = {}) =>
  useMutation({
    ...options,
    mutationFn: () => withTempToken((token) => callApi('registerSkipVerify', { token }), signedInInstead),
  });

/**
 * Resending or changing the mobile can be the member's next tap after a verify whose answer was
 * lost, and answers TOKEN_INVALID then too: their answer is the sign-in, told apart from a send.
 */
export type SignedInInstead = { signedInInstead: Answer<'login'> };

async function orSignedInInstead(): Promise<SignedInInstead | null> {
  const signedIn = await signedInInstead();
  return signedIn && { signedInInstead: signedIn };
}

export const isSignedInInstead = (answer: object): answer is SignedInInstead => 'signedInInstead' in answer;

export const useResendRegisterVerifyMutation = (
  options: ActionOptions<Answer<'resendRegisterVerify'> | SignedInInstead | null> = {},
) =>
  useMutation({
    ...options,
    mutationFn: () => withTempToken((token) => callApi('resendRegisterVerify', { token }), orSignedInInstead),
  });

/** Sends the code to another mobile before verifying; the new mobile goes encrypted. */
export const useUpdateRegisterMobileMutation = (
  options: ActionOptions<Answer<'updateRegisterMobile'> | SignedInInstead | null, string> = {},
) =>
  useMutation({
    ...options,
    mutationFn: (mobile) =>
      withTempToken(
        async (token) => callApi('updateRegisterMobile', { token, params: { mobile: await encrypt(mobile) } }),
        orSignedInInstead,
      ),
  });
