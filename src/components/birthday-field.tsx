import type { KeyboardEvent } from 'react';
import { latestBirthday } from '#protocol/schemas';
import { TextField, type TextFieldProps } from './text-field';

/** The date input's `YYYY-MM-DD` of a day on the device's calendar. */
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface BirthdayFieldProps extends Omit<TextFieldProps, 'type' | 'max'> {
  /** A birthday that cannot be changed: the input is read-only and a try to change it calls `onLockedAttempt`. */
  locked?: boolean;
  onLockedAttempt?: () => void;
}

/** The native date picker, limited to days at least 12 years back. */
export function BirthdayField({ locked = false, onLockedAttempt, ...props }: BirthdayFieldProps) {
  const tryToChange = () => {
    if (locked) onLockedAttempt?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (locked && event.key !== 'Tab' && event.key !== 'Shift') {
      event.preventDefault();
      tryToChange();
    }
  };
  return (
    <TextField
      {...props}
      type="date"
      max={dateInputValue(latestBirthday())}
      readOnly={locked}
      aria-readonly={locked || undefined}
      onClick={tryToChange}
      onKeyDown={onKeyDown}
    />
  );
}
