import * as v from 'valibot';

/** What the member just finished on another screen, told once on arrival at /change_member. */
const PROFILE_NOTICES = ['mobile_changed', 'mobile_verified'] as const;
export type ProfileNotice = (typeof PROFILE_NOTICES)[number];

export const profileSearchSchema = v.object({
  notice: v.fallback(v.optional(v.picklist(PROFILE_NOTICES)), undefined),
});
