import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { GENDERS, type Gender } from '#protocol/schemas';
import { fieldMessages } from '../lib/form-errors';
import { BirthdayField, LockedBirthday } from './birthday-field';
import { ChoiceField } from './choice-field';
import { TextField } from './text-field';

/** The labels of the screen asking (from src/i18n/zh-TW/): registration and the profile word them apart. */
export interface ProfileDetailsText {
  genderLabel: string;
  genders: Record<Gender, string>;
  emailLabel: string;
  emailPlaceholder: string;
  birthdayLabel: string;
  birthdayHint: string;
}

/** A birthday already given (`YYYY/MM/DD`), and why it cannot change. */
export interface LockedBirthdayText {
  birthday: string;
  why: string;
}

interface ProfileDetailsFieldsProps {
  text: ProfileDetailsText;
  gender: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  birthday: UseFormRegisterReturn;
  errors: { gender?: FieldError; email?: FieldError; birthday?: FieldError };
  /** A birthday already given is not the member's to change: it is shown, not asked. */
  lockedBirthday?: LockedBirthdayText | null;
}

/** Gender, email and birthday, as registration step 2 and the profile ask them; each field's message is its own. */
export function ProfileDetailsFields({
  text,
  gender,
  email,
  birthday,
  errors,
  lockedBirthday,
}: ProfileDetailsFieldsProps) {
  return (
    <>
      <ChoiceField
        legend={text.genderLabel}
        options={GENDERS.map((value) => ({ value, label: text.genders[value] }))}
        errors={fieldMessages(errors.gender)}
        {...gender}
      />
      <TextField
        label={text.emailLabel}
        placeholder={text.emailPlaceholder}
        type="email"
        inputMode="email"
        autoComplete="email"
        errors={fieldMessages(errors.email)}
        {...email}
      />
      {lockedBirthday ? (
        <LockedBirthday label={text.birthdayLabel} birthday={lockedBirthday.birthday} hint={lockedBirthday.why} />
      ) : (
        <BirthdayField
          label={text.birthdayLabel}
          autoComplete="bday"
          errors={fieldMessages(errors.birthday)}
          hint={text.birthdayHint}
          {...birthday}
        />
      )}
    </>
  );
}
