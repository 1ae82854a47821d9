import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

type RecheckForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'watch' | 'trigger' | 'getFieldState'>;

/**
 * Checks `dependent` again whenever `source` changes, once the member has touched `dependent`:
 * a confirmation that matched the password must say so as soon as the password changes.
 */
export function useRecheckWhenChanged<T extends FieldValues>(
  form: RecheckForm<T>,
  source: FieldPath<T>,
  dependent: FieldPath<T>,
): void {
  const value = form.watch(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the source re-checks the dependent field.
  useEffect(() => {
    if (form.getFieldState(dependent).isTouched) void form.trigger(dependent);
  }, [value]);
}
