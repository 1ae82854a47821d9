import { useState } from 'react';
import { storage } from '../../lib/storage';

/** Whether this tab holds the forgot-password temp token (TEMP_ACCESS_TOKEN), and ways to use it or let it go. */
export function useRecoveryToken() {
  const [present, setPresent] = useState(() => storage.forgotPasswordToken.get() !== null);

  /** The token is missing or was refused: the screen offers to start over. */
  function lose() {
    storage.forgotPasswordToken.remove();
    setPresent(false);
  }

  return {
    present,
    lose,
    /** The token for a call; when it is gone (another tab finished), there is no call and the screen offers to start over. */
    take(): string | null {
      const token = storage.forgotPasswordToken.get();
      if (!token) lose();
      return token;
    },
    /** The password is reset: the token is spent, while the screen stays for its result. */
    finish() {
      storage.forgotPasswordToken.remove();
      storage.passwordResetDone.set('1');
    },
  };
}
