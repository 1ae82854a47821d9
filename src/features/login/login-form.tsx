import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect } from 'react';
import * as v from 'valibot';
import { accountSchema, loginPasswordSchema } from '#protocol/schemas';
import { Button } from '../../components/button';
import { MobileField } from '../../components/mobile-field';
import { PasswordField } from '../../components/password-field';
import { loginTexts } from '../../i18n/zh-TW/login';
import { fieldMessages, useClearErrorOnEdit } from '../../lib/form-errors';
import { useForm } from '../../lib/use-form';

const loginFormSchema = v.object({ account: accountSchema, password: loginPasswordSchema });
type LoginValues = v.InferOutput<typeof loginFormSchema>;

interface LoginFormProps {
  onSubmit: (values: LoginValues) => void;
  /** The account to start from (a mobile carried from the screen before). */
  account?: string;
  /** Told the account as it is typed, for the ways on that can carry it (the forgotten password link). */
  onAccountChange?: (account: string) => void;
}

/** Account and password; checked on submit only, as the spec asks, and a field's message goes once it is edited. */
export function LoginForm({ onSubmit, account = '', onAccountChange }: LoginFormProps) {
  const form = useForm<LoginValues>({
    resolver: valibotResolver(loginFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { account, password: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  useClearErrorOnEdit(form);
  useEffect(() => {
    if (!onAccountChange) return;
    const { unsubscribe } = form.watch((values, { name }) => {
      if (name === 'account') onAccountChange(values.account ?? '');
    });
    return unsubscribe;
  }, [form, onAccountChange]);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <MobileField
        label={loginTexts.accountLabel}
        placeholder={loginTexts.accountPlaceholder}
        autoComplete="username"
        errors={fieldMessages(errors.account)}
        {...register('account')}
      />
      <PasswordField
        label={loginTexts.passwordLabel}
        placeholder={loginTexts.passwordPlaceholder}
        autoComplete="current-password"
        errors={fieldMessages(errors.password)}
        {...register('password')}
      />
      <Button type="submit" className="mt-2">
        {loginTexts.submit}
      </Button>
    </form>
  );
}
