import { redirect } from '@tanstack/react-router';
import { keepReturnPath } from '../../lib/return-path';
import { readSession } from '../../lib/session';

// Long enough to sign in (or register) at the till, short enough not to surprise a later sign-in.
const RETURN_WITHIN_MS = 30 * 60_000;

/**
 * Before the card shows (also from the LINE rich menu): a visitor without a session signs in
 * first and is then brought back to the card.
 */
export function arriveAtMemberCard(now: Date = new Date()): void {
  if (readSession()) return;
  keepReturnPath('/member_card', new Date(now.getTime() + RETURN_WITHIN_MS));
  throw redirect({ to: '/login', replace: true });
}
