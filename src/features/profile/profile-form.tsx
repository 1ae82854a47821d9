import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { GENDERS } from '#protocol/schemas';
import { BirthdayField } from '../../components/birthday-field';
import { Button } from '../../components/button';
import { ChoiceField } from '../../components/choice-field';
import { TextField } from '../../components/text-field';
import { t } from '../../i18n/zh-TW';
import { fieldMessages } from '../../lib/form-errors';
import type { MemberAccessInfo } from '../../lib/storage';
import { formValuesOf, type ProfileFormValues, profileFormSchema } from './form-schema';

const genderOptions = GENDERS.map((value) => ({ value, label: t.profile.genders[value] }));

interface ProfileFormProps {
  profile: MemberAccessInfo;
  onSave: (values: ProfileFormValues, birthdayLocked: boolean) => Promise<void>;
  /** A try to change a birthday that is already set. */
  onLockedBirthday: () => void;
}

/** Name, gender, email and birthday; checked when the member saves, and only then. */
export function ProfileForm({ profile, onSave, onLockedBirthday }: ProfileFormProps) {
  const [birthdayLocked] = useState(() => profile.birthday !== null);
  const [resolver] = useState(() => valibotResolver(profileFormSchema(birthdayLocked)) as Resolver<ProfileFormValues>);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: formValuesOf(profile),
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => onSave(values, birthdayLocked))}
      className="flex flex-col gap-4"
    >
      <TextField
        label={t.profile.nameLabel}
        placeholder={t.profile.namePlaceholder}
        autoComplete="name"
        errors={fieldMessages(errors.name)}
        {...register('name')}
      />
      <ChoiceField
        legend={t.profile.genderLabel}
        options={genderOptions}
        errors={fieldMessages(errors.gender)}
        {...register('gender')}
      />
      <TextField
        label={t.profile.emailLabel}
        placeholder={t.profile.emailPlaceholder}
        type="email"
        inputMode="email"
        autoComplete="email"
        errors={fieldMessages(errors.email)}
        {...register('email')}
      />
      <div className="flex flex-col gap-1.5">
        <BirthdayField
          label={t.profile.birthdayLabel}
          autoComplete="bday"
          locked={birthdayLocked}
          onLockedAttempt={onLockedBirthday}
          errors={fieldMessages(errors.birthday)}
          {...register('birthday')}
        />
        <p className="text-sm text-ink-muted">{t.profile.birthdayHint}</p>
      </div>
      <Button type="submit" className="mt-2">
        {t.profile.save}
      </Button>
    </form>
  );
}
