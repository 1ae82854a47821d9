import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { callApi, encrypt, hasRc } from '../../api/client';
import { login, memberTokenOf } from '../../api/member-login';
import type { LineBindData } from '../../lib/line-bind';

type MutationOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

/** Is there a member with this mobile? MEMBER_MOBILE_IS_REPEAT: yes; C01: the mobile is free. */
async function checkMobile(mobile: string) {
  return callApi('checkMobile', { params: { mobile: await encrypt(mobile) } });
}

export const useCheckMobileMutation = (options: MutationOptions<Awaited<ReturnType<typeof checkMobile>>, string>) =>
  useMutation({ ...options, mutationFn: checkMobile });

/** Binds the LINE user of the bind data to the member whose token this is (a password login just now). */
function bindThirdParty(memberToken: string, bind: LineBindData) {
  return callApi('bindThirdParty', { token: memberToken, params: bind });
}

interface BindRequest {
  mobile: string;
  password: string;
  bind: LineBindData;
}

/** Bound, with the member token of the login that proved the account; or refused, with the RM to show. */
type BindOutcome = { memberToken: string } | { refusal: string };

/**
 * Ends on the server the session a bind's login made, when the bind did not go through: the
 * member stays signed out here, and a session no one keeps would otherwise live out its year.
 * Nothing to tell when it fails: the bind's own answer is what the member reads.
 */
async function endBindSignIn(memberToken: string): Promise<void> {
  try {
    await callApi('logout', { token: memberToken });
  } catch {
    // Left to expire; the member is not signed in with it anywhere.
  }
}

/** The spec's LINE bind: the password login proves the account, then its token binds the LINE user. */
async function bindWithPassword({ mobile, password, bind }: BindRequest): Promise<BindOutcome> {
  const signedIn = await login({ account: mobile, password });
  if (!hasRc(signedIn, 'C01')) return { refusal: signedIn.rcrm.RM };
  const memberToken = memberTokenOf(signedIn, 'login');
  const bound = await bindThirdParty(memberToken, bind).catch((error: unknown) => {
    // Not waited for: on the signal that lost the bind's answer, the member would wait twice.
    void endBindSignIn(memberToken);
    throw error;
  });
  if (hasRc(bound, 'C01')) return { memberToken };
  await endBindSignIn(memberToken);
  return { refusal: bound.rcrm.RM };
}

export const useBindLineMutation = (options: MutationOptions<BindOutcome, BindRequest>) =>
  useMutation({ ...options, mutationFn: bindWithPassword });
