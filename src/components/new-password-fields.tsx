import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { fieldMessages } from '../lib/form-errors';
import { PasswordField } from './password-field';

/** The labels and placeholders of a screen that sets a password (from src/i18n/zh-TW/). */
export interface NewPasswordText {
  passwordLabel: string;
  passwordPlaceholder: string;
  /** The password rule, shown under the field: a placeholder would vanish as the member types. */
  passwordHint: string;
  confirmLabel: string;
  confirmPlaceholder: string;
}

interface NewPasswordFieldsProps {
  text: NewPasswordText;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: FieldError; confirm?: FieldError };
}

/** A password being set and its confirmation, as registration, reset and change ask them. */
export function NewPasswordFields({ text, password, confirm, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={text.passwordLabel}
        placeholder={text.passwordPlaceholder}
        hint={text.passwordHint}
        autoComplete="new-password"
        errors={fieldMessages(errors.password)}
        {...password}
      />
      <PasswordField
        label={text.confirmLabel}
        placeholder={text.confirmPlaceholder}
        autoComplete="new-password"
        errors={fieldMessages(errors.confirm)}
        {...confirm}
      />
    </>
  );
}
