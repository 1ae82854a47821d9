import * as v from 'valibot';
import {
  VALIDATION_MESSAGES as M,
  mobileSchema,
  oldPasswordSchema,
  setPasswordSchema,
  verifyCodeSchema,
} from '#protocol';
import { encrypted } from '../../plugins/envelope';

/** The request_parameter schemas of the password calls; passwords and the mobile come AES-encrypted. */
export function passwordParams(aesKey: string) {
  // The change and reset screens' text says 6-12; the rule enforced is the set-password one (6-100).
  const newPassword = encrypted(aesKey, setPasswordSchema(M.passwordFormatShort, M.newPasswordRequired));
  return {
    forget: v.object({ mobile: encrypted(aesKey, mobileSchema) }),
    verify: v.object({ verify_code: verifyCodeSchema }),
    reset: v.object({ new_password: newPassword }),
    change: v.object({ old_password: encrypted(aesKey, oldPasswordSchema), new_password: newPassword }),
    none: v.optional(v.looseObject({})),
  };
}
