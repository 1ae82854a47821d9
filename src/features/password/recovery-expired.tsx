import { StartOver } from '../../components/start-over';
import { commonTexts } from '../../i18n/zh-TW/common';
import { passwordTexts } from '../../i18n/zh-TW/password';
import { storage } from '../../lib/storage';

const WAYS = {
  // Back from /login after this tab reset the password: it is done, and the way on is to log in.
  finished: {
    title: passwordTexts.resetDoneTitle,
    text: passwordTexts.resetDoneText,
    to: '/login',
    action: commonTexts.toLogin,
  },
  expired: {
    title: passwordTexts.expiredTitle,
    text: passwordTexts.expiredText,
    to: '/forgotPassword',
    action: passwordTexts.restart,
  },
} as const;

/**
 * A recovery screen without its temp token: nothing can be verified or reset, so the member starts
 * again; unless this tab has just finished the recovery, which is then said.
 */
export function RecoveryExpired() {
  return <StartOver {...WAYS[storage.passwordResetDone.get() ? 'finished' : 'expired']} />;
}
