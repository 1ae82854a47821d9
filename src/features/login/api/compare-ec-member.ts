import { COMPARE_EC_PROVIDER } from '#protocol/values';
import { callApi, hasRc } from '../../../api/client';
import { loginTexts } from '../../../i18n/zh-TW/login';

/** Is this mobile an e-commerce member or already in the new system? Asked in English, without a token. */
function compareEcMember(phone: string) {
  return callApi('compareEcMember', { token: null, params: { provider: COMPARE_EC_PROVIDER, phone }, language: 'en' });
}

/** The spec's comparison check after MEMBER_IS_NOT_EXIST: the notice that explains why this mobile cannot sign in. */
export async function notMemberMessage(phone: string): Promise<string> {
  const answer = await compareEcMember(phone);
  if (!hasRc(answer, 'C01')) return answer.rcrm.RM;
  // The spec sets a "login failed" text when a status is present, then always overwrites it here.
  return answer.results?.is_mmrm_member ? loginTexts.systemUpgraded : loginTexts.useHiqAppAccount;
}
