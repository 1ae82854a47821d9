import * as v from 'valibot';
import type { MemberProfile } from '#protocol/endpoints';
import { emailSchema, GENDERS, type Gender, nameSchema } from '#protocol/schemas';
import { birthdayInputSchema, dashDate, slashDate } from '../../lib/birthday-input';
import type { EditedProfile } from './api/update-member-profile';

/** The profile form as entered: no gender chosen is empty, the birthday is the date input's `YYYY-MM-DD`. */
export interface ProfileFormValues {
  name: string;
  gender: Gender | '' | null;
  email: string;
  birthday: string;
}

/** Gender and email are optional; a birthday already set is not the member's to change, so not checked. */
export const profileFormSchema = (birthdayLocked: boolean) =>
  v.object({
    name: nameSchema,
    gender: v.nullish(v.picklist(['', ...GENDERS])),
    email: emailSchema,
    birthday: birthdayLocked ? v.string() : birthdayInputSchema,
  });

export const formValuesOf = (profile: MemberProfile): ProfileFormValues => ({
  name: profile.name,
  gender: profile.gender ?? '',
  email: profile.email ?? '',
  birthday: profile.birthday ? dashDate(profile.birthday) : '',
});

/** What update_member_profile sends: empty means null, and a birthday only when newly given (as `YYYY/MM/DD`). */
export function editedProfile(values: ProfileFormValues, birthdayLocked: boolean): EditedProfile {
  const profile = { name: values.name, gender: values.gender || null, email: values.email || null };
  return !birthdayLocked && values.birthday ? { ...profile, birthday: slashDate(values.birthday) } : profile;
}
