import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { verifyCodeSchema } from '#protocol/schemas';
import { t } from '../i18n/zh-TW';
import { fieldMessages } from '../lib/form-errors';
import { Button } from './button';
import { TextField } from './text-field';

const codeFormSchema = v.object({ code: verifyCodeSchema });
type CodeValues = v.InferOutput<typeof codeFormSchema>;

interface CodeFormProps {
  onVerify: (code: string) => void;
  /** A call is running: the verify button waits. */
  busy?: boolean;
}

/** The SMS code; checked when the verify button is pressed. */
export function CodeForm({ onVerify, busy = false }: CodeFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CodeValues>({
    resolver: valibotResolver(codeFormSchema),
    mode: 'onSubmit',
    defaultValues: { code: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(({ code }) => onVerify(code))} className="flex flex-col gap-4">
      <TextField
        label={t.verificationCode.label}
        placeholder={t.verificationCode.placeholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        errors={fieldMessages(errors.code)}
        {...register('code')}
      />
      <Button type="submit" disabled={busy}>
        {t.verificationCode.verify}
      </Button>
    </form>
  );
}
