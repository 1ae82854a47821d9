import { useEffect, useRef } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  useForm as useLibraryForm,
} from 'react-hook-form';

/** The elements of the fields with a message, however deep the errors are nested. */
function wrongFields(errors: FieldErrors): HTMLElement[] {
  const found: HTMLElement[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const ref = (node as { ref?: unknown }).ref;
    if (ref instanceof HTMLElement) found.push(ref);
    else for (const value of Object.values(node)) walk(value);
  };
  walk(errors);
  return found;
}

const firstOnScreen = (elements: HTMLElement[]): HTMLElement | undefined =>
  elements
    .filter((element) => element.isConnected)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];

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
    firstOnScreen(wrongFields(errors))?.focus();
  }, [submitCount, errors]);
  return form;
}
