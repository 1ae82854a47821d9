import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { verifyCodeSchema } from '#protocol/schemas';
import { codeFormTexts } from '../i18n/zh-TW/code-form';
import { fieldMessages } from '../lib/form-errors';
import type { CodePurpose } from '../lib/storage';
import { useForm } from '../lib/use-form';
import { sentWithinTheMinute, useResendCountdown } from '../lib/use-resend-countdown';
import { Button } from './button';
import { TextField } from './text-field';

const codeFormSchema = v.object({ code: verifyCodeSchema });
type CodeValues = v.InferOutput<typeof codeFormSchema>;

interface CodeFormProps {
  onVerify: (code: string) => void;
  /** A call is running: the verify button waits. */
  busy?: boolean;
  /**
   * The form takes the place of the button that sent the first code: the code field takes the
   * focus as it shows. The button pressed is gone, and the focus would otherwise go back to the
   * screen's heading, which a screen reader reads as a page started again.
   */
  focusOnShow?: boolean;
}

/** The SMS code; checked when the verify button is pressed. */
export function CodeForm({ onVerify, busy = false, focusOnShow = false }: CodeFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<CodeValues>({
    resolver: valibotResolver(codeFormSchema),
    mode: 'onSubmit',
    defaultValues: { code: '' },
  });
  // Once, as the form shows (after the loading overlay has given the focus back, in the same commit).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only as the form first shows.
  useEffect(() => {
    if (focusOnShow) setFocus('code');
  }, []);
  return (
    <form noValidate onSubmit={handleSubmit(({ code }) => onVerify(code))} className="flex flex-col gap-4">
      <TextField
        label={codeFormTexts.label}
        placeholder={codeFormTexts.placeholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        errors={fieldMessages(errors.code)}
        {...register('code')}
      />
      <Button type="submit" disabled={busy}>
        {codeFormTexts.verify}
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
 * The resend button (`codeFormTexts.resend`), showing the seconds left until the server takes
 * another send, and usable once it will. A screen reader hears the wait once as it starts and once
 * as it ends, not every second. While the wait runs from a send the server found too soon, the
 * member also reads that a code was sent within the minute (`codeOnItsWay`), in the same live region.
 */
export function ResendButton({ purpose, onResend, busy = false }: ResendButtonProps) {
  const secondsLeft = useResendCountdown(purpose);
  const [counted, setCounted] = useState(false);
  // The live region is on the page before it speaks: words it arrives with are not announced.
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  if (secondsLeft > 0 && !counted) setCounted(true);
  const sentEarlier = secondsLeft > 0 && sentWithinTheMinute(purpose);
  const announcement = sentEarlier
    ? codeFormTexts.sentWithinTheMinute
    : secondsLeft > 0
      ? codeFormTexts.resendCountdownStarted
      : counted
        ? codeFormTexts.resendReady
        : '';
  return (
    <>
      <Button
        variant="secondary"
        onClick={onResend}
        disabled={busy || secondsLeft > 0}
        className={secondsLeft > 0 ? COUNTING : ''}
      >
        {secondsLeft > 0 ? codeFormTexts.resendIn(secondsLeft) : codeFormTexts.resend}
      </Button>
      <p aria-live="polite" className={sentEarlier ? 'text-base text-ink' : 'sr-only'} data-resend-announcement>
        {shown ? announcement : ''}
      </p>
    </>
  );
}
