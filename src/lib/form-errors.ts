import type { FieldError } from 'react-hook-form';
import { dedupeMessages } from '#protocol/schemas';

/** A field's messages from react-hook-form, each once. */
export function fieldMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const messages = [error.message, ...Object.values(error.types ?? {}).flat()];
  return dedupeMessages(messages.filter((message): message is string => typeof message === 'string' && message !== ''));
}
