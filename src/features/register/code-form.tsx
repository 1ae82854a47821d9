import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { verifyCodeSchema } from '../../../protocol/schemas';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { t } from '../../i18n/zh-TW';
import { fieldMessages } from '../../lib/form-errors';

const codeFormSchema = v.object({ code: verifyCodeSchema });
type CodeValues = v.InferOutput<typeof codeFormSchema>;

/** The SMS code; checked when 驗證 is pressed. */
export function CodeForm({ onVerify }: { onVerify: (code: string) => Promise<void> }) {
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
        label={t.register.codeLabel}
        placeholder={t.register.codePlaceholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        errors={fieldMessages(errors.code)}
        {...register('code')}
      />
      <Button type="submit">{t.register.verify}</Button>
    </form>
  );
}
