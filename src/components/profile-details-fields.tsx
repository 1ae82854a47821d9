import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { GENDERS, type Gender } from '#protocol/schemas';
import { fieldMessages } from '../lib/form-errors';
import { BirthdayField } from './birthday-field';
import { ChoiceField } from './choice-field';
import { TextField } from './text-field';

/** The labels of the screen asking (from src/i18n/zh-TW.ts): registration and the profile word them apart. */
export interface ProfileDetailsText {
  genderLabel: string;
  genders: Record<Gender, string>;
  emailLabel: string;
  emailPlaceholder: string;
  birthdayLabel: string;
  birthdayHint: string;
}

interface ProfileDetailsFieldsProps {
  text: ProfileDetailsText;
  gender: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  birthday: UseFormRegisterReturn;
  errors: { gender?: FieldError; email?: FieldError; birthday?: FieldError };
  /** A birthday already given is not the member's to change. */
  birthdayLocked: boolean;
  onLockedBirthday: () => void;
}

/** Gender, email and birthday, as registration step 2 and the profile ask them. */
export function ProfileDetailsFields({
  text,
  gender,
  email,
  birthday,
  errors,
  birthdayLocked,
  onLockedBirthday,
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
      <div className="flex flex-col gap-1.5">
        <BirthdayField
          label={text.birthdayLabel}
          autoComplete="bday"
          locked={birthdayLocked}
          onLockedAttempt={onLockedBirthday}
          errors={fieldMessages(errors.birthday)}
          {...birthday}
        />
        <p className="text-sm text-ink-muted">{text.birthdayHint}</p>
      </div>
    </>
  );
}
