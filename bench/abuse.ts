import {
  buildEnvelope,
  DEFAULT_API_BASES,
  ENDPOINTS,
  type EndpointName,
  encryptValue,
  SECURITY_QUESTION,
} from '#protocol';
import { BENCH_AES_KEY, BENCH_MEMBER, BENCH_SIGN_KEY } from './config';
import { startServer } from './servers';

/** How one burst from one client address was answered. */
export interface BurstTally {
  title: string;
  sent: number;
  /** RC → how many answers carried it. */
  answers: Record<string, number>;
}

const HEADERS = { 'content-type': 'application/json', 'accept-language': 'zh-TW', 'app-id': 'member-web' };
const CONCURRENCY = 20;

const pathOf = (name: EndpointName) => DEFAULT_API_BASES[ENDPOINTS[name].base] + ENDPOINTS[name].path;
const enc = (plain: string) => encryptValue(BENCH_AES_KEY, plain);
const mobileNo = (i: number) => `09${String(20_000_000 + i).slice(-8)}`;

/** `count` calls, at most CONCURRENCY in flight, tallied by RC. */
async function burst(title: string, count: number, call: (i: number) => Promise<Response>): Promise<BurstTally> {
  const answers: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const response = await call(i);
      const rc = ((await response.json()) as { rcrm?: { RC?: string } }).rcrm?.RC ?? `HTTP ${response.status}`;
      answers[rc] = (answers[rc] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { title, sent: count, answers };
}

const post = (origin: string, path: string, request_parameter: Record<string, unknown>) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify(buildEnvelope(BENCH_SIGN_KEY, { request_parameter })),
  });

// `/%61pp-api/...`: a spelling of the path that a prefix check on the raw URL would not count.
const encodedSpelling = (path: string) => path.replace('/app-api/', '/%61pp-api/');

/**
 * Bursts from one client address against a server with the shipped limits, each on a fresh
 * server so one burst's budget use does not colour the next: what was evaluated, and what
 * each defence refused.
 */
export async function measureAbuse(log: (line: string) => void): Promise<BurstTally[]> {
  const scenarios: [string, number, (origin: string, i: number) => Promise<Response>][] = [
    [
      'wrong passwords for one mobile',
      200,
      (origin, i) => post(origin, pathOf('login'), { account: enc(BENCH_MEMBER.mobile), password: enc(`guess${i}x`) }),
    ],
    [
      'the same, through /%61pp-api/ spellings',
      200,
      (origin, i) =>
        post(origin, encodedSpelling(pathOf('login')), {
          account: enc(BENCH_MEMBER.mobile),
          password: enc(`guess${i}x`),
        }),
    ],
    [
      'registrations of 60 different mobiles (SMS)',
      60,
      (origin, i) =>
        post(origin, pathOf('register'), {
          register: {
            mobile: enc(mobileNo(i)),
            password: enc('abuse1234'),
            name: '壓測',
            gender: 'S',
            birthday: null,
            email: null,
            security_question: SECURITY_QUESTION,
            security_answer: '壓測',
            referrer_code: '',
          },
        }),
    ],
  ];
  const tallies: BurstTally[] = [];
  for (const [title, count, call] of scenarios) {
    log(`abuse: ${title}…`);
    const server = await startServer('abuse');
    try {
      tallies.push(await burst(title, count, (i) => call(server.origin, i)));
    } finally {
      await server.stop();
    }
  }
  return tallies;
}
