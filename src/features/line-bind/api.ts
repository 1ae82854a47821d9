import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type LineBindData } from '#protocol/endpoints';
import { callApi, encrypt } from '../../api/client';

export { useLoginMutation } from '../../api/member-login';

/** Is there a member with this mobile? MEMBER_MOBILE_IS_REPEAT: yes; C01: the mobile is free. */
export function checkMobile(mobile: string) {
  return callApi(ENDPOINTS.checkMobile, { params: { mobile: encrypt(mobile) } });
}

/** Binds the LINE user of the bind data to the member whose token this is (a password login just now). */
export function bindThirdParty({ memberToken, bind }: { memberToken: string; bind: LineBindData }) {
  return callApi(ENDPOINTS.bindThirdParty, { token: memberToken, params: bind });
}

export const useCheckMobileMutation = () => useMutation({ mutationFn: checkMobile });
export const useBindThirdPartyMutation = () => useMutation({ mutationFn: bindThirdParty });
