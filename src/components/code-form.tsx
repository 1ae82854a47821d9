import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { verifyCodeSchema } from '#protocol/schemas';
import { verificationCodeTexts } from '../i18n/zh-TW/verification-code';
import { fieldMessages } from '../lib/form-errors';
import type { CodePurpose } from '../lib/storage';
import { useResendCountdown } from '../lib/use-resend-countdown';
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
        label={verificationCodeTexts.label}
        placeholder={verificationCodeTexts.placeholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        errors={fieldMessages(errors.code)}
        {...register('code')}
      />
      <Button type="submit" disabled={busy}>
        {verificationCodeTexts.verify}
      </Button>
    </form>
  );
}

// While it counts, the seconds stay readable (muted text at full strength), not faded like a busy button.
const COUNTING = 'disabled:opacity-100! disabled:border-gray-300 disabled:text-ink-muted';

interface ResendButtonProps {
  /** Which code: each purpose has its own 60 s between sends. */
  purpose: CodePurpose;
  onResend: () => void;
  /** A call is running: the button waits. */
  busy?: boolean;
}

/**
 * The resend button (`verificationCodeTexts.resend`), showing the seconds left until the server takes
 * another send, and usable once it will. A screen reader hears the wait once as it starts and once
 * as it ends, not every second.
 */
export function ResendButton({ purpose, onResend, busy = false }: ResendButtonProps) {
  const secondsLeft = useResendCountdown(purpose);
  const [counted, setCounted] = useState(false);
  if (secondsLeft > 0 && !counted) setCounted(true);
  const announcement =
    secondsLeft > 0 ? verificationCodeTexts.resendCountdownStarted : counted ? verificationCodeTexts.resendReady : '';
  return (
    <>
      <Button
        variant="secondary"
        onClick={onResend}
        disabled={busy || secondsLeft > 0}
        className={secondsLeft > 0 ? COUNTING : ''}
      >
        {secondsLeft > 0 ? verificationCodeTexts.resendIn(secondsLeft) : verificationCodeTexts.resend}
      </Button>
      <p aria-live="polite" className="sr-only" data-resend-announcement>
        {announcement}
      </p>
    </>
  );
}
