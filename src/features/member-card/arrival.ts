import { redirect } from '@tanstack/react-router';
import { keepReturnPath, SIGN_IN_RETURN_MS } from '../../lib/return-path';
import { readSession } from '../../lib/session';

/**
 * Before the card shows (also from the LINE rich menu): a visitor without a session signs in
 * first and is then brought back to the card.
 */
export function arriveAtMemberCard(now: Date = new Date()): void {
  if (readSession()) return;
  keepReturnPath('/member_card', new Date(now.getTime() + SIGN_IN_RETURN_MS));
  throw redirect({ to: '/login', replace: true });
}
