import { useState } from 'react';
import { storage } from '../../lib/storage';

/** Whether this tab holds the forgot-password temp token (TEMP_ACCESS_TOKEN), and ways to let it go. */
export function useRecoveryToken() {
  const [present, setPresent] = useState(() => storage.forgotPasswordToken.get() !== null);
  return {
    present,
    /** The token is missing or was refused: the screen offers to start over. */
    lose() {
      storage.forgotPasswordToken.remove();
      setPresent(false);
    },
    /** The password is reset: the token is spent, while the screen stays for its result. */
    finish() {
      storage.forgotPasswordToken.remove();
    },
  };
}
