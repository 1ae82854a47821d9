import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from '../../components/password-field';
import { t } from '../../i18n/zh-TW';
import { fieldMessages } from '../../lib/form-errors';

interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: FieldError; confirm?: FieldError };
}

/** The new password and its confirmation, as the reset and change screens ask them. */
export function NewPasswordFields({ password, confirm, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={t.password.newPasswordLabel}
        placeholder={t.password.newPasswordPlaceholder}
        autoComplete="new-password"
        errors={fieldMessages(errors.password)}
        {...password}
      />
      <PasswordField
        label={t.password.confirmLabel}
        placeholder={t.password.confirmPlaceholder}
        autoComplete="new-password"
        errors={fieldMessages(errors.confirm)}
        {...confirm}
      />
    </>
  );
}
