import { useId } from 'react';
import { latestBirthday } from '#protocol/schemas';
import { serverNow } from '../lib/server-clock';
import { TextField, type TextFieldProps } from './text-field';

/** The native date picker, limited to days at least 12 years back at the server's time (the rule it judges by). */
export function BirthdayField(props: Omit<TextFieldProps, 'type' | 'max'>) {
  return <TextField {...props} type="date" max={latestBirthday(serverNow()).replaceAll('/', '-')} />;
}

interface LockedBirthdayProps {
  label: string;
  /** The birthday as the wire has it, `YYYY/MM/DD`. */
  birthday: string;
  /** Why it cannot change. */
  hint: string;
}

/** A birthday that is no longer the member's to change: plain text and the reason, nothing that looks editable. */
export function LockedBirthday({ label, birthday, hint }: LockedBirthdayProps) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-ink">{label}</legend>
      <p className="text-base font-medium text-ink">{birthday}</p>
      <p id={hintId} className="text-sm text-ink-muted">
        {hint}
      </p>
    </fieldset>
  );
}
