import { appConfig } from '../config';
import { copyText } from './clipboard';
import { lineSharePicker } from './liff';

/**
 * The member's invite link to registration step 1 with their code. Through the LIFF URL when a
 * LIFF app is configured, so a friend who taps it in a LINE chat opens it inside LINE.
 */
export function inviteLink(referralCode: string, origin: string = window.location.origin): string {
  const path = `/registerFirst?referrer_code=${encodeURIComponent(referralCode)}`;
  const { liffId } = appConfig();
  return liffId ? `https://liff.line.me/${liffId}${path}` : new URL(path, origin).toString();
}

export interface Invitation {
  link: string;
  /** Title and words for the Web Share API, which carries the link as its own field. */
  title: string;
  text: string;
  /** The whole LINE message, link included. */
  lineMessage: string;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Passes an invitation on: LINE's share target picker when LIFF offers it (in LINE, or logged in
 * to LINE), else the device's share sheet, else the link on the clipboard.
 */
export async function shareInvitation(invitation: Invitation): Promise<ShareOutcome> {
  const picker = lineSharePicker();
  if (picker) {
    try {
      return (await picker([{ type: 'text', text: invitation.lineMessage }])) ? 'shared' : 'cancelled';
    } catch {
      // The picker failed (LINE too old, no permission): the other ways still work.
    }
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: invitation.title, text: invitation.text, url: invitation.link });
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
    }
  }
  return (await copyText(invitation.link)) ? 'copied' : 'failed';
}
