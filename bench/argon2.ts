import { availableParallelism } from 'node:os';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../server/lib/passwords';
import { MEASURE_SECONDS } from './config';

export interface VerifyRate {
  verifiesPerSecond: number;
  concurrency: number;
}

/** The login's floor: argon2id verifies with the app's parameters, one loop per core, no HTTP or database. */
export async function measureArgon2Verify(password: string): Promise<VerifyRate> {
  const passwordHash = await hashPassword(password);
  const concurrency = availableParallelism();
  const started = performance.now();
  const deadline = started + MEASURE_SECONDS * 1000;
  let verified = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      if (!(await verify(passwordHash, password))) throw new Error('argon2 verify rejected the right password');
      verified++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  return { verifiesPerSecond: verified / seconds, concurrency };
}
