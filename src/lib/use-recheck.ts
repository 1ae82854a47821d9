import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

type RecheckForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'watch' | 'trigger' | 'getFieldState'>;

/**
 * Checks `dependent` again whenever `source` changes, once the member has touched `dependent`:
 * a confirmation that matched the password must say so as soon as the password changes. Listened
 * to, not watched in the render: watching renders the whole form at every keystroke.
 */
export function useRecheckWhenChanged<T extends FieldValues>(
  form: RecheckForm<T>,
  source: FieldPath<T>,
  dependent: FieldPath<T>,
): void {
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name === source && form.getFieldState(dependent).isTouched) void form.trigger(dependent);
    });
    return () => subscription.unsubscribe();
  }, [form, source, dependent]);
}
