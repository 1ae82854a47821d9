import type { ButtonHTMLAttributes, MouseEvent } from 'react';

type Variant = 'primary' | 'secondary';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900',
  secondary: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50',
};

/** The app's base button class, also used for links that look like buttons. */
export const buttonClass = (variant: Variant = 'primary') =>
  `inline-flex min-h-12 w-full items-center justify-center rounded-xl px-4 py-2 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]}`;

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'primary', className = '', type = 'button', onMouseDown, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass(variant)} ${className}`}
      onMouseDown={type === 'submit' ? keepFocusInField(onMouseDown) : onMouseDown}
      {...props}
    />
  );
}

/**
 * A press on a submit button leaves the focus in the field being typed in until the submit. Were
 * the button to take it at the press, the field would check itself as it is left: its message,
 * shown above the button, pushes the button down between the press and the release, and the tap
 * is lost (the member saw one message where the submit would have shown them all and led to the
 * first). Decision 0031.
 */
const keepFocusInField =
  (onMouseDown: ButtonProps['onMouseDown']) =>
  (event: MouseEvent<HTMLButtonElement>): void => {
    event.preventDefault();
    onMouseDown?.(event);
  };
