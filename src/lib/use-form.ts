import { useEffect, useRef } from 'react';
import {
  type FieldError,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  useForm as useLibraryForm,
} from 'react-hook-form';

/**
 * react-hook-form's `useForm` for every form of the app (lint keeps it the only one): a submit
 * that finds a wrong field focuses it once its message is on the screen.
 *
 * The library focuses the field before React shows the messages, so a screen reader, which speaks
 * a field as it takes the focus, said its name alone: not that it is wrong, nor why. Here the
 * focus moves after the render that marks the field invalid and links its message.
 */
export function useForm<TFieldValues extends FieldValues, TContext = unknown, TTransformedValues = TFieldValues>(
  props: UseFormProps<TFieldValues, TContext, TTransformedValues>,
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  const form = useLibraryForm<TFieldValues, TContext, TTransformedValues>({ ...props, shouldFocusError: false });
  const { submitCount, errors } = form.formState;
  const focusedFor = useRef(submitCount);
  useEffect(() => {
    if (submitCount === focusedFor.current) return;
    focusedFor.current = submitCount;
    // Any wrong field leads to its form, where the first input marked invalid is the first on the screen.
    const wrong = Object.values(errors as Record<string, FieldError | undefined>)
      .map((error) => error?.ref)
      .find((ref) => ref instanceof HTMLInputElement);
    wrong?.form?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus();
  }, [submitCount, errors]);
  return form;
}
