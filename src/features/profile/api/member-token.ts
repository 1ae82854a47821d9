import { readSession } from '../../../lib/session';

/** The signed-in member's token; the guard let the member in, so it is there unless it just expired. */
export const memberToken = (): string | null => readSession()?.token ?? null;
