import { useRouterState } from '@tanstack/react-router';
import { MOBILE_LENGTH, mobileDigits } from '#protocol/schemas';

/** A mobile as people read it, on every screen: 0912-345-678, however it was typed. Anything else is shown as it is. */
export function spacedMobile(mobile: string): string {
  const digits = mobileDigits(mobile);
  if (!/^\d{10}$/.test(digits)) return mobile;
  return `${digits.slice(0, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
}

const TEN_DIGITS = new RegExp(`^\\d{${MOBILE_LENGTH}}$`);

/**
 * The mobile the screen that sent the member here carried along (what they typed there, as when
 * registration's notice that the member exists leads to log in or to a forgotten password; the
 * member's own from /change_pwd; a recovery's, on to /login), to start this screen's form with;
 * empty when none came. It travels in the history entry, not the address, so it stays out of the
 * server's logs and of shared links, and is still there after a reload or a step back. Kept here,
 * with the fields that show it, so that the screens that take it load no chunk of its own.
 */
export function useCarriedMobile(): string {
  const carried = useRouterState({ select: (state) => state.location.state.mobile });
  const mobile = typeof carried === 'string' ? mobileDigits(carried) : '';
  return TEN_DIGITS.test(mobile) ? mobile : '';
}
