import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseUnreachableError, openDatabase } from '../../server/db/client';
import { connectionLostText, unreachable } from '../../server/db/unreachable';
import { createEmptyPostgresDatabase } from './helpers/database';
import { type FakePostgres, type FakePostgresAnswer, fakePostgres } from './helpers/fake-postgres';
import { freePort, until } from './helpers/server-process';

// A DATABASE_URL that reaches no PostgreSQL, or one that refuses the login: whoever starts the
// server or runs an operator command is told in zh-TW where it tried, why it failed and what to
// check; never the password, never the driver's English alone.

/** Short, so that a silent server costs the test a second; the server's own wait is in LIMITS. */
const WAITS = { connectMs: 800, statementMs: 1_000, answerMs: 1_000 };

const servers: FakePostgres[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function failureOf(databaseUrl: string): Promise<DatabaseUnreachableError> {
  const failure = await openDatabase({ databaseUrl, waits: WAITS }).then(
    async (database) => {
      await database.close();
      return null;
    },
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(DatabaseUnreachableError);
  const { message } = failure as DatabaseUnreachableError;
  expect(message).not.toContain('s3cret-pw');
  expect(message).not.toMatch(/^\s+at /m);
  return failure as DatabaseUnreachableError;
}

async function standIn(answer: FakePostgresAnswer): Promise<FakePostgres> {
  const server = await fakePostgres(answer);
  servers.push(server);
  return server;
}

describe('a PostgreSQL the server cannot reach', () => {
  it('names the address it tried and says nothing listens there (ECONNREFUSED)', async () => {
    const port = await freePort();
    const { message } = await failureOf(`postgres://member:s3cret-pw@127.0.0.1:${port}/loyalty`);
    expect(message).toBe(
      `無法連線資料庫 PostgreSQL（127.0.0.1:${port}/loyalty）：這個位址與連接埠沒有程式在接受連線。` +
        '請確認 PostgreSQL 已啟動，以及 DATABASE_URL 的主機與連接埠（ECONNREFUSED）。',
    );
  });

  it('says a host name that does not resolve is not found', async () => {
    // .invalid never resolves (RFC 2606), on any network.
    const { message } = await failureOf('postgres://member:s3cret-pw@db.invalid:5432/loyalty');
    expect(message).toMatch(/^無法連線資料庫 PostgreSQL（db\.invalid:5432\/loyalty）：找不到這個主機名稱/);
    expect(message).toMatch(/（(ENOTFOUND|EAI_AGAIN)）。$/);
  });

  it('says how long it waited for a port that takes the connection and never answers', async () => {
    const { url } = await standIn('silent');
    const { message } = await failureOf(url);
    expect(message).toContain(
      '：0.8 秒內沒有回應。請確認 DATABASE_URL 的主機與連接埠、防火牆，以及這個連接埠是 PostgreSQL。',
    );
  });

  it('says the other end hung up when the port is not PostgreSQL', async () => {
    const { url } = await standIn('hangs-up');
    expect((await failureOf(url)).message).toContain(
      'PostgreSQL 沒有回應就中斷了連線。請確認這個連接埠是 PostgreSQL。',
    );
  });

  it('says the server takes no TLS when DATABASE_URL asks for it', async () => {
    const { url } = await standIn('no-ssl');
    expect((await failureOf(`${url}?ssl=true`)).message).toContain(
      'PostgreSQL 不接受 SSL 連線。請移除 DATABASE_URL 的 sslmode，或改為 sslmode=disable。',
    );
  });
});

describe('a PostgreSQL that refuses the login', () => {
  it.each([
    [
      '28P01',
      'password authentication failed for user "member"',
      '使用者名稱或密碼不正確。請確認 DATABASE_URL 的使用者與密碼（28P01）。',
    ],
    [
      '28000',
      'no pg_hba.conf entry for host "127.0.0.1", user "member", database "loyalty", no encryption',
      'PostgreSQL 不接受這個使用者的連線（使用者不存在，或 pg_hba.conf 未允許）。請確認 DATABASE_URL 的使用者（28000）。',
    ],
    [
      '3D000',
      'database "loyalty" does not exist',
      '資料庫 loyalty 不存在。請先建立它（例如 createdb loyalty），或修正 DATABASE_URL 的資料庫名稱（3D000）。',
    ],
    [
      '53300',
      'sorry, too many clients already',
      'PostgreSQL 的連線數已滿。請稍後再試，或調高 PostgreSQL 的 max_connections（53300）。',
    ],
    ['57P03', 'the database system is starting up', 'PostgreSQL 正在啟動、關閉或復原中。請稍後再試（57P03）。'],
  ])('%s (%s) is told as what to check', async (code, said, told) => {
    const { url } = await standIn({ refuses: code, message: said });
    const { message } = await failureOf(url);
    expect(message).toBe(`無法連線資料庫 PostgreSQL（${new URL(url).host}/loyalty）：${told}`);
  });

  it('keeps the scrubbed text and code of a refusal it has no words for', async () => {
    const { url } = await standIn({ refuses: '08P01', message: 'invalid startup packet layout' });
    expect((await failureOf(url)).message).toMatch(/：invalid startup packet layout（08P01）。$/);
  });
});

describe('a failure the driver tells without a code', () => {
  const told = (message: string, elapsedMs = 10) =>
    unreachable(new Error(message), 'postgres://member@db.example:5432/loyalty', { connectMs: 5_000, elapsedMs })
      .message;

  it('asks for a password when PostgreSQL wants one and DATABASE_URL has none', () => {
    expect(told('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string')).toBe(
      '無法連線資料庫 PostgreSQL（db.example:5432/loyalty）：PostgreSQL 要求密碼，但 DATABASE_URL 沒有提供。請在 DATABASE_URL 加上密碼。',
    );
  });

  it('takes a failure after the whole wait for the wait used up, whatever the driver called it', () => {
    expect(told('Connection terminated unexpectedly', 5_000)).toContain('：5 秒內沒有回應。');
    expect(told('timeout expired', 5_002)).toContain('：5 秒內沒有回應。');
  });

  it('says a certificate it cannot check is the problem', () => {
    const failure = Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(
      unreachable(failure, 'postgres://db.example/loyalty?sslmode=verify-full', { connectMs: 5_000, elapsedMs: 30 })
        .message,
    ).toBe(
      '無法連線資料庫 PostgreSQL（db.example/loyalty）：無法驗證 PostgreSQL 的 SSL 憑證。' +
        '請確認憑證與主機名稱，或 DATABASE_URL 的 sslmode（DEPTH_ZERO_SELF_SIGNED_CERT）。',
    );
  });

  it('names a Unix socket directory as the place it tried', () => {
    const failure = Object.assign(new Error('connect ENOENT /run/postgresql/.s.PGSQL.5432'), { code: 'ENOENT' });
    expect(
      unreachable(failure, 'postgres:///loyalty?host=/run/postgresql', { connectMs: 5_000, elapsedMs: 1 }).message,
    ).toBe(
      '無法連線資料庫 PostgreSQL（/run/postgresql/loyalty）：找不到 PostgreSQL 的 Unix socket。' +
        '請確認 PostgreSQL 已啟動，以及 DATABASE_URL 的 host 目錄（ENOENT）。',
    );
  });
});

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) console.log('The lost-connection test on PostgreSQL is skipped: it needs DATABASE_URL (CI sets it).');

describe('an idle connection PostgreSQL ends later', () => {
  it.skipIf(!adminUrl)('is printed in zh-TW by the server, and the next query is served on a new one', async () => {
    const fresh = await createEmptyPostgresDatabase(adminUrl as string);
    const database = await openDatabase({ databaseUrl: fresh.url });
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await database.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
        new URL(fresh.url).pathname.slice(1),
      ]);
      await admin.end();
      await until(() => printed.mock.calls.length > 0, 5_000);
      expect(printed.mock.calls[0]?.[0]).toBe(
        '資料庫連線中斷：PostgreSQL 結束了這條連線（資料庫正在停止，或管理者中止了連線）（57P01）；下一個查詢會重新連線。',
      );
      await expect(database.db.execute(sql`select 1 as one`)).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      printed.mockRestore();
      await database.close();
      await fresh.drop();
    }
  });

  it('is told as news in zh-TW: the pool opens another for the next query', () => {
    const ended = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(connectionLostText(ended)).toBe(
      '資料庫連線中斷：PostgreSQL 結束了這條連線（資料庫正在停止，或管理者中止了連線）（57P01）；下一個查詢會重新連線。',
    );
  });

  it('says a connection cut without a word was cut, and keeps the scrubbed text of a loss it has no words for', () => {
    expect(connectionLostText(new Error('Connection terminated unexpectedly'))).toBe(
      '資料庫連線中斷：連線沒有預告就斷了（資料庫停止，或網路中斷）；下一個查詢會重新連線。',
    );
    expect(connectionLostText(new Error(`token ${'A'.repeat(43)} lost`))).toBe(
      '資料庫連線中斷：token [redacted] lost；下一個查詢會重新連線。',
    );
  });
});
