import { redirect } from '@tanstack/react-router';
import { lineBindData, lineBindMobile } from '../../lib/line-bind';
import { requireSignedOut } from '../../lib/session';

/**
 * Binding signs the member in and forgets the LINE account it bound. Back from where the bind took
 * the member lands here signed in and without it: they go to the profile (`requireSignedOut`),
 * instead of being asked to sign in with LINE first, which reads as if the bind had failed. A LINE
 * account waiting while another tab signed someone in keeps its screens.
 */
export function toProfileOnceBound(): void {
  if (!lineBindData()) requireSignedOut();
}

/** The password step needs the mobile of the first step; without one the member starts there. */
export function requireBindMobile(): void {
  toProfileOnceBound();
  if (!lineBindMobile.get()) throw redirect({ to: '/line_bind', replace: true });
}
