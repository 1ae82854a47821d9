import type { Params } from '#protocol/endpoints';
import { LINE_SOURCE, LINE_TOKEN_SOURCE } from '#protocol/line';
import { TEMP_TOKEN_MINUTES } from '#protocol/values';
import { storage } from './storage';

/** The spec's LINE bind data: what login_with_provider and bind_third_party send for a LINE access token. */
export type LineBindData = Params<'bindThirdParty'>;

export const lineBindDataOf = (lineToken: string): LineBindData => ({
  source: LINE_SOURCE,
  verify_data: { line_token: lineToken, line_token_source: LINE_TOKEN_SOURCE },
});

/**
 * How long an unbound LINE login's bind data waits for the bind or the registration: as long as the
 * registration it leads to has to be verified. On a shared screen (a store's tablet) the LINE login
 * of someone who walked away must not be bound to the account the next visitor registers.
 */
const LINE_BIND_KEPT_MINUTES = TEMP_TOKEN_MINUTES;

/**
 * A LINE user who is not a member yet: the spec's `line_verify_data`, which the bind screens send to
 * bind_third_party and registration sends along, so the account is bound either way.
 */
export function keepLineBindData(lineToken: string): void {
  storage.lineVerifyData.set({ bind_third_party: lineBindDataOf(lineToken), kept_at: Date.now() });
}

/** Until when (epoch ms) the kept bind data may be used; null when none is kept or its time is up. Only reads. */
export function lineBindKeptUntil(now: number = Date.now()): number | null {
  const keptAt = storage.lineVerifyData.get()?.kept_at;
  // Kept by an earlier release, which noted no time, or at a time ahead of this device's clock (set
  // back since): how long it has waited is unknown, and it may be the last visitor's.
  if (keptAt === undefined || keptAt > now) return null;
  const until = keptAt + LINE_BIND_KEPT_MINUTES * 60_000;
  return now <= until ? until : null;
}

/**
 * The kept LINE bind data, or null when the member did not come from an unbound LINE login, or came
 * too long ago: then the bind flow is forgotten.
 */
export function lineBindData(now: number = Date.now()): LineBindData | null {
  const kept = storage.lineVerifyData.get();
  if (!kept) return null;
  if (lineBindKeptUntil(now) !== null) return kept.bind_third_party;
  forgetLineBind();
  return null;
}

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
