import type { RC } from '#protocol';
import type { TokenSpec } from '../tokens/service';
import type { CodeTarget } from '../verification/service';

export const FORGOT_PASSWORD_TOKEN: TokenSpec = { kind: 'temp', purpose: 'forgot_password' };
export const MEMBER_TOKEN: TokenSpec = { kind: 'member' };
export const forgotPasswordCode = (mobile: string): CodeTarget => ({ mobile, purpose: 'forgot_password' });

/** What a password call ends in: C01 with its results, or the refusal's RC. */
export type Outcome<T = object> = ({ rc: 'C01' } & T) | { rc: Exclude<RC, 'C01'> };
