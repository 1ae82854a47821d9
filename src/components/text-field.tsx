import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** This field's messages, each shown once. */
  errors?: readonly string[];
  /** What always holds for this field, shown under it and said with it (after any message). */
  hint?: string;
  /** A control inside the input's right edge, such as the password toggle. */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, errors = [], hint, trailing, className = '', ref, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  const hintId = `${id}-hint`;
  const invalid = errors.length > 0;
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          {...input}
          ref={ref}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          className={`min-h-12 w-full rounded-xl border bg-white px-4 text-base text-ink placeholder:text-ink-muted focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 ${trailing ? 'pr-12' : ''} ${invalid ? 'border-danger' : 'border-gray-300'}`}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div> : null}
      </div>
      {invalid ? (
        <ul id={errorId} className="flex flex-col gap-0.5 text-sm text-danger">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
