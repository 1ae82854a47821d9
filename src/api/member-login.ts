import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type LoginParams, type LoginResults } from '#protocol/endpoints';
import { callApi, encrypt } from './client';

/** Mobile-and-password login, on the login screen and the LINE bind screen alike. */
export function login({ account, password }: LoginParams) {
  return callApi<LoginResults>(ENDPOINTS.login, {
    params: { account: encrypt(account), password: encrypt(password) },
  });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
