import type { RC } from '#protocol';
import type { Db } from '../../db/client';
import { SmsSendError } from '../../sms';
import type { TokenSpec } from '../tokens/service';
import { type CodeTarget, deliverCode, type Outgoing, type RecordedCode } from '../verification/service';

export const REGISTER_TOKEN: TokenSpec = { kind: 'temp', purpose: 'register' };
export const registerCode = (mobile: string): CodeTarget => ({ mobile, purpose: 'register' });

/** What a registration call ends in; `smsError` is a code that could not be sent after the member was made. */
export type Outcome<T = object> = ({ rc: 'C01'; smsError?: SmsSendError } & T) | { rc: Exclude<RC, 'C01'> };

/** Sends a code recorded by a committed transaction; a provider failure is answered, not thrown. */
export async function deliverAfterCommit(
  db: Db,
  outgoing: Outgoing,
  recorded: RecordedCode,
): Promise<SmsSendError | undefined> {
  try {
    await deliverCode(db, outgoing, recorded);
    return undefined;
  } catch (error) {
    if (error instanceof SmsSendError) return error;
    throw error;
  }
}
