import {
  buildEnvelope,
  DEFAULT_API_BASES,
  ENDPOINTS,
  type EndpointName,
  encryptValue,
  MMRM_TOKEN_HEADER,
} from '#protocol';
import { measureArgon2Verify, type VerifyRate } from './argon2';
import { BENCH_AES_KEY, BENCH_MEMBER, BENCH_SIGN_KEY, LOGIN_MEMBERS } from './config';
import { measureTokenRead } from './database-read';
import { type LoadResult, measureLoad } from './load';
import { freshPostgres } from './processes';
import { startServer } from './servers';

const SUCCESS = '"RC":"C01"';
const JSON_HEADERS = { 'content-type': 'application/json', 'accept-language': 'zh-TW', 'app-id': 'member-web' };

const urlOf = (origin: string, name: EndpointName) => {
  const endpoint = ENDPOINTS[name];
  return `${origin}${DEFAULT_API_BASES[endpoint.base]}${endpoint.path}`;
};

/** The login body exactly as the web app sends it; its timestamp keeps it valid for 300 s. */
const loginBody = (member: { mobile: string; password: string } = BENCH_MEMBER) =>
  JSON.stringify(
    buildEnvelope(BENCH_SIGN_KEY, {
      request_parameter: {
        account: encryptValue(BENCH_AES_KEY, member.mobile),
        password: encryptValue(BENCH_AES_KEY, member.password),
      },
    }),
  );

async function logIn(origin: string): Promise<string> {
  const response = await fetch(urlOf(origin, 'login'), { method: 'POST', headers: JSON_HEADERS, body: loginBody() });
  const json = (await response.json()) as { results?: { member_access_token?: unknown } };
  const token = json.results?.member_access_token;
  if (typeof token !== 'string') throw new Error(`login failed: ${JSON.stringify(json)}`);
  return token;
}

/** get_member_profile as the web app sends it: a signed envelope with the member token, checked per call. */
const profileBody = (token: string) => JSON.stringify(buildEnvelope(BENCH_SIGN_KEY, { token, request_parameter: {} }));

/** Logins of eight members, one per connection (the lockout counts one member's checks in flight). */
function measureLogin(title: string, origin: string): Promise<LoadResult> {
  return measureLoad({
    title,
    url: urlOf(origin, 'login'),
    method: 'POST',
    headers: JSON_HEADERS,
    bodies: LOGIN_MEMBERS.map((member) => loginBody(member)),
    connections: 8,
    expectInBody: SUCCESS,
  });
}

async function measureProfile(title: string, origin: string, token?: string): Promise<LoadResult> {
  return measureLoad({
    title,
    url: urlOf(origin, 'getMemberProfile'),
    method: 'POST',
    headers: JSON_HEADERS,
    body: profileBody(token ?? (await logIn(origin))),
    connections: 10,
    expectInBody: SUCCESS,
  });
}

/** The signed profile read and login on PostgreSQL, when BENCH_DATABASE_URL allows a database of the bench's own. */
async function measureOnPostgres(
  log: (line: string) => void,
): Promise<{ profile: LoadResult; login: LoadResult; tokenRead: LoadResult } | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return null;
  const database = await freshPostgres(adminUrl);
  try {
    const member = await startServer('member-postgres', { BENCH_POSTGRES_URL: database.url });
    let token: string;
    let profile: LoadResult;
    let login: LoadResult;
    try {
      log('get_member_profile on PostgreSQL…');
      token = await logIn(member.origin);
      profile = await measureProfile('get_member_profile (PostgreSQL)', member.origin, token);
      log('login on PostgreSQL…');
      login = await measureLogin('login (PostgreSQL)', member.origin);
    } finally {
      await member.stop();
    }
    // Measured with the server stopped, so the loop has the cores the server had.
    log('the token read alone on PostgreSQL…');
    return { profile, login, tokenRead: await measureTokenRead(database.url, token) };
  } finally {
    await database.drop();
  }
}

export interface ThroughputFigures {
  profile: LoadResult;
  profilePostgres: LoadResult | null;
  /** The database floor of profilePostgres: its token-and-member statement alone, no HTTP (database-read.ts). */
  tokenReadPostgres: LoadResult | null;
  redirect: LoadResult;
  bare: LoadResult;
  login: LoadResult;
  loginPostgres: LoadResult | null;
  argon2: VerifyRate;
}

export async function measureThroughput(log: (line: string) => void): Promise<ThroughputFigures> {
  const member = await startServer('member');
  try {
    log('get_member_profile on PGlite…');
    const profile = await measureProfile('get_member_profile (PGlite)', member.origin);
    const token = await logIn(member.origin);
    log('redirect_location (signed X-MMRM-TOKEN)…');
    const redirect = await measureLoad({
      title: 'redirect_location',
      url: urlOf(member.origin, 'redirectLocation'),
      headers: { [MMRM_TOKEN_HEADER]: encryptValue(BENCH_AES_KEY, token) },
      connections: 10,
      expectInBody: SUCCESS,
    });

    const bareServer = await startServer('bare');
    let bare: LoadResult;
    try {
      log('bare Fastify {ok:true}…');
      bare = await measureLoad({
        title: 'bare Fastify',
        url: `${bareServer.origin}/`,
        connections: 10,
        expectInBody: '"ok":true',
      });
    } finally {
      await bareServer.stop();
    }

    log('login (argon2id + token insert)…');
    const login = await measureLogin('login (PGlite)', member.origin);
    await member.stop();

    log('raw argon2id verify…');
    const argon2 = await measureArgon2Verify(BENCH_MEMBER.password);
    const postgres = await measureOnPostgres(log);
    return {
      profile,
      profilePostgres: postgres?.profile ?? null,
      tokenReadPostgres: postgres?.tokenRead ?? null,
      redirect,
      bare,
      login,
      loginPostgres: postgres?.login ?? null,
      argon2,
    };
  } finally {
    await member.stop();
  }
}
