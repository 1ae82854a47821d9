import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import type { MemberProfile } from '#protocol/endpoints';
import { Button } from '../../components/button';
import { ProfileDetailsFields } from '../../components/profile-details-fields';
import { TextField } from '../../components/text-field';
import { profileTexts } from '../../i18n/zh-TW/profile';
import { fieldMessages, useClearErrorOnEdit } from '../../lib/form-errors';
import { useForm } from '../../lib/use-form';
import { formValuesOf, type ProfileFormValues, profileFormSchema } from './form-schema';

interface ProfileFormProps {
  profile: MemberProfile;
  /** The profile as the member last left it unsaved, to start from instead of `profile`. */
  startFrom?: MemberProfile | null;
  onSave: (values: ProfileFormValues, birthdayLocked: boolean) => void;
  busy: boolean;
}

/**
 * Name, gender, email and birthday; checked when the member saves, and only then (the spec), and a field's
 * message goes once the member edits it. A birthday already set is shown, not asked.
 */
export function ProfileForm({ profile, startFrom = null, onSave, busy }: ProfileFormProps) {
  const [lockedBirthday] = useState(() => profile.birthday);
  const birthdayLocked = lockedBirthday !== null;
  const [resolver] = useState(() => valibotResolver(profileFormSchema(birthdayLocked)) as Resolver<ProfileFormValues>);
  const form = useForm<ProfileFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: formValuesOf(startFrom ?? profile),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  useClearErrorOnEdit(form);

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => onSave(values, birthdayLocked))}
      className="flex flex-col gap-4"
    >
      <TextField
        label={profileTexts.nameLabel}
        placeholder={profileTexts.namePlaceholder}
        autoComplete="name"
        errors={fieldMessages(errors.name)}
        {...register('name')}
      />
      <ProfileDetailsFields
        text={profileTexts}
        gender={register('gender')}
        email={register('email')}
        birthday={register('birthday')}
        errors={errors}
        lockedBirthday={lockedBirthday ? { birthday: lockedBirthday, why: profileTexts.birthdayLocked } : null}
      />
      <Button type="submit" className="mt-2" disabled={busy}>
        {profileTexts.save}
      </Button>
    </form>
  );
}
