import { failureText } from '../lib/logger';
import { OperatorError } from '../lib/operator-error';

// Whoever starts the server or runs an operator command at 2 a.m. with a wrong DATABASE_URL is
// told in zh-TW what is wrong and what to check, not the driver's English ("connect
// ECONNREFUSED …"). The driver's code stays in brackets: it is what a search or a DBA knows.

/** PostgreSQL could not be reached, or refused the connection; the message says why and what to check. */
export class DatabaseUnreachableError extends OperatorError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Which PostgreSQL a connection string names: host, port and database, never the user's password. */
export function postgresTarget(connectionString: string): string {
  if (!URL.canParse(connectionString)) return 'DATABASE_URL';
  const url = new URL(connectionString);
  // A Unix socket comes as ?host=/run/postgresql; no host at all is the driver's default.
  const host = url.host || url.searchParams.get('host') || 'localhost';
  return `${host}${url.pathname}`;
}

interface Attempt {
  /** The driver's own words (PostgreSQL's 3D000 names the database it looked for). */
  message: string;
  /** How long the driver was allowed to wait for an answer, and whether it used all of it. */
  connectMs: number;
  timedOut: boolean;
}

/** What to tell of a failure the driver gives a code: a network errno, a SQLSTATE or a TLS check. */
const REASON_BY_CODE: Record<string, (attempt: Attempt) => string> = {
  ECONNREFUSED: () => '這個位址與連接埠沒有程式在接受連線。請確認 PostgreSQL 已啟動，以及 DATABASE_URL 的主機與連接埠',
  ENOTFOUND: () => '找不到這個主機名稱。請確認 DATABASE_URL 的主機',
  EAI_AGAIN: () => '暫時查不到這個主機名稱（DNS 沒有回應）。請確認網路後再試',
  EHOSTUNREACH: () => '網路到不了這個主機。請確認 DATABASE_URL 的主機與這台機器的網路',
  ENETUNREACH: () => '網路到不了這個主機。請確認 DATABASE_URL 的主機與這台機器的網路',
  ETIMEDOUT: (attempt) => timeoutReason(attempt),
  ECONNRESET: () => '連線被對方中斷。請確認這個連接埠是 PostgreSQL',
  ENOENT: () => '找不到 PostgreSQL 的 Unix socket。請確認 PostgreSQL 已啟動，以及 DATABASE_URL 的 host 目錄',
  EACCES: () => '沒有權限使用 PostgreSQL 的 Unix socket。請確認執行這個程序的使用者可以讀寫該目錄',
  '28P01': () => '使用者名稱或密碼不正確。請確認 DATABASE_URL 的使用者與密碼',
  '28000': () =>
    'PostgreSQL 不接受這個使用者的連線（使用者不存在，或 pg_hba.conf 未允許）。請確認 DATABASE_URL 的使用者',
  '3D000': ({ message }) => {
    // Named by PostgreSQL itself: without one in DATABASE_URL, the driver asks for the user's name.
    const database = /database "([^"]+)"/.exec(message)?.[1];
    return database
      ? `資料庫 ${database} 不存在。請先建立它（例如 createdb ${database}），或修正 DATABASE_URL 的資料庫名稱`
      : '資料庫不存在。請先建立它，或修正 DATABASE_URL 的資料庫名稱';
  },
  '53300': () => 'PostgreSQL 的連線數已滿。請稍後再試，或調高 PostgreSQL 的 max_connections',
  '57P03': () => 'PostgreSQL 正在啟動、關閉或復原中。請稍後再試',
};

/** Node's TLS checks of the server's certificate (sslmode=verify-full, which pg uses for require too). */
const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const timeoutReason = ({ connectMs }: Attempt) =>
  `${connectMs / 1000} 秒內沒有回應。請確認 DATABASE_URL 的主機與連接埠、防火牆，以及這個連接埠是 PostgreSQL`;

/** The driver's failures that come without a code, by their (English) message. */
const REASON_BY_MESSAGE: [RegExp, string][] = [
  [/does not support SSL/, 'PostgreSQL 不接受 SSL 連線。請移除 DATABASE_URL 的 sslmode，或改為 sslmode=disable'],
  [/password must be a string/, 'PostgreSQL 要求密碼，但 DATABASE_URL 沒有提供。請在 DATABASE_URL 加上密碼'],
  [/terminated unexpectedly/, 'PostgreSQL 沒有回應就中斷了連線。請確認這個連接埠是 PostgreSQL'],
];

function reasonFor(error: unknown, attempt: Attempt): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    const reason = REASON_BY_CODE[code];
    if (reason) return `${reason(attempt)}（${code}）`;
    if (CERTIFICATE_CODES.has(code))
      return `無法驗證 PostgreSQL 的 SSL 憑證。請確認憑證與主機名稱，或 DATABASE_URL 的 sslmode（${code}）`;
  }
  // pg ends a connection that used up its wait with one of several messages ("timeout expired",
  // "Connection terminated unexpectedly"): the time it took is what tells.
  if (attempt.timedOut) return timeoutReason(attempt);
  const known = REASON_BY_MESSAGE.find(([shape]) => shape.test(attempt.message));
  return known ? known[1] : failureText(error);
}

/**
 * The error a failed first connection becomes: where it tried (never the password) and why, in
 * the operator's words. A failure the list does not know keeps its scrubbed text (`failureText`).
 */
export function unreachable(
  error: unknown,
  connectionString: string,
  { connectMs, elapsedMs }: { connectMs: number; elapsedMs: number },
): DatabaseUnreachableError {
  const message = error instanceof Error ? error.message : '';
  const reason = reasonFor(error, { message, connectMs, timedOut: elapsedMs >= connectMs });
  return new DatabaseUnreachableError(`無法連線資料庫 PostgreSQL（${postgresTarget(connectionString)}）：${reason}。`, {
    cause: error,
  });
}

/** Why PostgreSQL ended one of the pool's idle connections, by its code or the driver's message. */
const LOST_BY_CODE: Record<string, string> = {
  '57P01': 'PostgreSQL 結束了這條連線（資料庫正在停止，或管理者中止了連線）',
  '57P02': 'PostgreSQL 異常結束了這條連線（資料庫當機後重新啟動中）',
  '57P03': 'PostgreSQL 正在啟動、關閉或復原中',
  ECONNRESET: '連線被對方或網路中斷',
};

/**
 * What the server prints when an idle connection of the pool is lost: the pool drops it and the
 * next query opens another, so this is news for the operator, not a failure of any call.
 */
export function connectionLostText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  const reason =
    typeof code === 'string' && LOST_BY_CODE[code]
      ? `${LOST_BY_CODE[code]}（${code}）`
      : /terminated unexpectedly/.test(message)
        ? '連線沒有預告就斷了（資料庫停止，或網路中斷）'
        : failureText(error);
  return `資料庫連線中斷：${reason}；下一個查詢會重新連線。`;
}
