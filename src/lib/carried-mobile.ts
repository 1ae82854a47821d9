import { useRouterState } from '@tanstack/react-router';
import { MOBILE_LENGTH, withoutMobileSeparators } from '#protocol/schemas';

const TEN_DIGITS = new RegExp(`^\\d{${MOBILE_LENGTH}}$`);

/**
 * The mobile the member typed on the screen that sent them here (registration's notice that the member exists leads
 * to log in or to a forgotten password), to start this screen's form with; empty when none came.
 * It travels in the history entry, not the address, so it stays out of the server's logs and of
 * shared links, and is still there after a reload or a step back.
 */
export function useCarriedMobile(): string {
  const carried = useRouterState({ select: (state) => state.location.state.mobile });
  const mobile = typeof carried === 'string' ? withoutMobileSeparators(carried) : '';
  return TEN_DIGITS.test(mobile) ? mobile : '';
}
