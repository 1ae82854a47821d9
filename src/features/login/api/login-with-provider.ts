import { callApi } from '../../../api/client';
import { lineBindDataOf } from '../../../lib/line-bind';

/** LINE login: the LINE access token, which the server has LINE vouch for, for the bound member's token. */
export function loginWithProvider(lineToken: string) {
  return callApi('loginWithProvider', { params: lineBindDataOf(lineToken) });
}
