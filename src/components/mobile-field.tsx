import { MOBILE_TYPED_MAX } from '#protocol/schemas';
import { TextField, type TextFieldProps } from './text-field';

/**
 * A mobile number, typed as the member likes (0912345678, 0912-345-678, 0912 345 678, or pasted as
 * +886 912 345 678): the phone keypad, the mobile autofill, and room for the longest of those; the
 * form's schema keeps the 10 digits.
 */
export function MobileField({ autoComplete = 'tel-national', ...props }: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField type="tel" inputMode="numeric" maxLength={MOBILE_TYPED_MAX} autoComplete={autoComplete} {...props} />
  );
}
