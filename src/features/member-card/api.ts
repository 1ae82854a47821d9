import { queryOptions } from '@tanstack/react-query';
import { RC_MESSAGES } from '#protocol/rc';
import { parseTaipeiTimestamp } from '#protocol/time';
import { ApiError, callApi, hasRc } from '../../api/client';
import { isSessionStill, readSession } from '../../lib/session';
import { type KeptMemberCard, storage } from '../../lib/storage';

/** What the card screen shows: the member, and the card unless the mobile is still unverified. */
export interface MemberCardView {
  name: string;
  mobileMasked: string;
  card: { cardNumber: string; secret: Uint8Array; clockOffsetMs: number } | null;
  recentScans: { terminalName: string; scannedAt: string }[];
  /** Shown from this browser's storage because the server could not be reached. */
  offline: boolean;
}

const base64Bytes = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

function viewOf(kept: KeptMemberCard, offline: boolean): MemberCardView {
  return {
    name: kept.name,
    mobileMasked: kept.mobile_masked,
    card: { cardNumber: kept.card_number, secret: base64Bytes(kept.card_secret), clockOffsetMs: kept.clock_offset_ms },
    recentScans: kept.recent_scans.map((scan) => ({ terminalName: scan.terminal_name, scannedAt: scan.scanned_at })),
    offline,
  };
}

/**
 * The card, fetched whenever the member is online and kept in this browser for when they are not:
 * at a till with no signal the kept card keeps showing valid codes. A dead session is an error
 * like on every screen (and the kept card goes with it); an unverified member has no card to keep.
 */
async function getMemberCard(): Promise<MemberCardView> {
  let answer: Awaited<ReturnType<typeof callApi<'getMemberCard'>>>;
  const token = readSession()?.token ?? null;
  try {
    answer = await callApi('getMemberCard', { token });
  } catch (error) {
    const kept = storage.memberCard.get();
    if (kept) return viewOf(kept, true);
    throw error;
  }
  const receivedAt = Date.now();
  const results = answer.results;
  // A dead session has ended here already (callApi), the kept card with it, so /login offers the form.
  if (!hasRc(answer, 'C01') || !results?.server_time) throw new ApiError(answer.rcrm.RC, answer.rcrm.RM);
  if (!isSessionStill(token)) throw new ApiError('TOKEN_INVALID', RC_MESSAGES.TOKEN_INVALID);
  const scans = results.recent_scans.map((scan) => ({ terminalName: scan.terminal_name, scannedAt: scan.scanned_at }));
  if (!results.member_card) {
    storage.memberCard.remove();
    return { name: results.name, mobileMasked: results.mobile_masked, card: null, recentScans: scans, offline: false };
  }
  // The answer's time is cut to the second and took a moment to arrive: the offset errs late, the side the till allows.
  const serverTime = parseTaipeiTimestamp(results.server_time)?.getTime() ?? receivedAt;
  const kept: KeptMemberCard = {
    name: results.name,
    mobile_masked: results.mobile_masked,
    card_number: results.member_card.card_number,
    card_secret: results.member_card.card_secret,
    clock_offset_ms: serverTime - receivedAt,
    recent_scans: results.recent_scans,
  };
  storage.memberCard.set(kept);
  return viewOf(kept, false);
}

/** The card kept from the last visit, shown while the call runs (not cached as an answer). */
function keptView(): MemberCardView | undefined {
  const kept = storage.memberCard.get();
  return kept ? viewOf(kept, false) : undefined;
}

export const memberCardQueryOptions = () =>
  queryOptions({
    queryKey: ['member_card'],
    queryFn: getMemberCard,
    // At the till on a weak signal the call can take its whole deadline: the kept card's codes
    // are valid meanwhile, so the member shows them at once instead of a loading screen.
    placeholderData: keptView,
    // Asked again when the member comes back to the card or the network returns, never left stale at the till.
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
