import { MOBILE_LENGTH } from '#protocol/schemas';
import { TextField, type TextFieldProps } from './text-field';

/** A 10-digit mobile number: the phone keypad, the mobile autofill, and no more digits than fit. */
export function MobileField({ autoComplete = 'tel-national', ...props }: Omit<TextFieldProps, 'type'>) {
  return <TextField type="tel" inputMode="numeric" maxLength={MOBILE_LENGTH} autoComplete={autoComplete} {...props} />;
}
