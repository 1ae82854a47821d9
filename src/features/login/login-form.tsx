import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { accountSchema, loginPasswordSchema } from '#protocol/schemas';
import { Button } from '../../components/button';
import { MobileField } from '../../components/mobile-field';
import { PasswordField } from '../../components/password-field';
import { t } from '../../i18n/zh-TW';
import { fieldMessages, useClearErrorOnEdit } from '../../lib/form-errors';

const loginFormSchema = v.object({ account: accountSchema, password: loginPasswordSchema });
type LoginValues = v.InferOutput<typeof loginFormSchema>;

/** Account and password; checked on submit only, as the spec asks, and a field's message goes once it is edited. */
export function LoginForm({ onSubmit }: { onSubmit: (values: LoginValues) => void }) {
  const form = useForm<LoginValues>({
    resolver: valibotResolver(loginFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { account: '', password: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  useClearErrorOnEdit(form);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <MobileField
        label={t.login.accountLabel}
        placeholder={t.login.accountPlaceholder}
        autoComplete="username"
        errors={fieldMessages(errors.account)}
        {...register('account')}
      />
      <PasswordField
        label={t.login.passwordLabel}
        placeholder={t.login.passwordPlaceholder}
        autoComplete="current-password"
        errors={fieldMessages(errors.password)}
        {...register('password')}
      />
      <Button type="submit" className="mt-2">
        {t.login.submit}
      </Button>
    </form>
  );
}
