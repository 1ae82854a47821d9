import { redirect } from '@tanstack/react-router';
import { lineBindMobile } from '../../lib/line-bind';

/** The password step needs the mobile of the first step; without one the member starts there. */
export function requireBindMobile(): void {
  if (!lineBindMobile.get()) throw redirect({ to: '/line_bind', replace: true });
}
