import * as v from 'valibot';
import { CHANGE_PASSWORD_REASONS } from '#protocol/routes';
import { searchText } from '../../lib/search';

/** /reset_pwd and /change_pwd keep a `rurl` they are opened with. */
export const passwordSearchSchema = v.object({ rurl: searchText });

/** /change_pwd also says why it was opened, when the redirect location gave a reason it knows. */
export const changePasswordSearchSchema = v.object({
  ...passwordSearchSchema.entries,
  reason: v.fallback(v.optional(v.picklist(CHANGE_PASSWORD_REASONS)), undefined),
});
export type ChangePasswordReason = (typeof CHANGE_PASSWORD_REASONS)[number];
