import { type InputHTMLAttributes, type Ref, useId } from 'react';

interface ChoiceFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'value'> {
  legend: string;
  options: readonly { value: string; label: string }[];
  errors?: readonly string[];
  ref?: Ref<HTMLInputElement>;
}

/**
 * One choice of a few, as radio buttons in a fieldset; its messages are linked to the group and to
 * each button. The buttons share the row; their padding leaves three CJK characters on one line at
 * 320 px (the longest gender label). A label is never broken: with the text enlarged, the buttons
 * that no longer fit go on to the next row. Both checked in tests/e2e/a11y.ts.
 */
export function ChoiceField({ legend, options, errors = [], ref, ...input }: ChoiceFieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  const invalid = errors.length > 0;
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={invalid ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex min-h-12 flex-1 cursor-pointer items-center whitespace-nowrap justify-center gap-1.5 rounded-xl border bg-white px-2 text-base text-ink has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 ${invalid ? 'border-danger' : 'border-gray-300'}`}
          >
            <input
              {...input}
              ref={ref}
              type="radio"
              value={option.value}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              className="size-4 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      {invalid ? (
        <ul id={errorId} className="flex flex-col gap-0.5 text-sm text-danger">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
