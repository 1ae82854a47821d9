import type { Params } from '#protocol/endpoints';
import { LINE_SOURCE, LINE_TOKEN_SOURCE } from '#protocol/line';
import { storage } from './storage';

/** The spec's LINE bind data: what login_with_provider and bind_third_party send for a LINE access token. */
export type LineBindData = Params<'bindThirdParty'>;

export const lineBindDataOf = (lineToken: string): LineBindData => ({
  source: LINE_SOURCE,
  verify_data: { line_token: lineToken, line_token_source: LINE_TOKEN_SOURCE },
});

/**
 * A LINE user who is not a member yet: the spec's `line_verify_data`, which the bind screens send to
 * bind_third_party and registration sends along, so the account is bound either way.
 */
export function keepLineBindData(lineToken: string): void {
  storage.lineVerifyData.set({ bind_third_party: lineBindDataOf(lineToken) });
}

/** The kept LINE bind data, or null when the member did not come from an unbound LINE login. */
export const lineBindData = (): LineBindData | null => storage.lineVerifyData.get()?.bind_third_party ?? null;

/** The LINE account is bound now (or the member gave it up): nothing of the bind flow stays. */
export function forgetLineBind(): void {
  storage.lineVerifyData.remove();
  storage.lineBindMobile.remove();
}

/** The mobile entered on /line_bind, for /line_bind/login (and registration's step 1 when not a member yet). */
export const lineBindMobile = {
  get: (): string | null => storage.lineBindMobile.get(),
  set: (mobile: string): void => storage.lineBindMobile.set(mobile),
};
