import { useEffect } from 'react';
import type { FieldError, FieldValues, UseFormReturn } from 'react-hook-form';
import { dedupeMessages } from '#protocol/schemas';

/** A field's messages from react-hook-form, each once. */
export function fieldMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const messages = [error.message, ...Object.values(error.types ?? {}).flat()];
  return dedupeMessages(messages.filter((message): message is string => typeof message === 'string' && message !== ''));
}

/**
 * For the forms the spec checks on submit only (login, profile save): a field's message goes as soon as
 * the member edits that field, so no message from the last attempt stays while they type (decision 0009).
 */
export function useClearErrorOnEdit<T extends FieldValues>({
  watch,
  clearErrors,
  getFieldState,
}: Pick<UseFormReturn<T>, 'watch' | 'clearErrors' | 'getFieldState'>): void {
  useEffect(() => {
    const subscription = watch((_, { name, type }) => {
      // Clearing renders the form even when there is nothing to clear: only a message goes.
      if (type === 'change' && name && getFieldState(name).error) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors, getFieldState]);
}
