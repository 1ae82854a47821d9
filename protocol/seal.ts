import * as v from 'valibot';
import type { Seal } from './contract';
import { decryptValue } from './crypto';
import { RC_MESSAGES } from './rc';

// Apart from the contract: the web app reads the contract at start, and needs the AES code only
// with its first call (src/api/client.ts loads it then).

/** The server's seal: decrypts with the configured AES secret, then checks the plaintext. */
export function sealWith(aesKey: string): Seal {
  return <TOutput>(inner: v.GenericSchema<string, TOutput>) =>
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const plaintext = decryptValue(aesKey, dataset.value);
        if (plaintext !== null) return plaintext;
        addIssue({ message: RC_MESSAGES.PARAMETER_INVALID });
        return NEVER;
      }),
      inner,
    );
}
