import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import * as v from 'valibot';
import { DEFAULT_REDIRECT_PATH } from '#protocol';
import { OperatorError } from './lib/operator-error';

// Built-in keys so `npm start` works on a fresh machine; production refuses them.
export const DEMO_SIGN_KEY = 'demo-sign-key-not-for-production';
export const DEMO_AES_KEY = 'demo-aes-key-not-for-production';

const NODE_ENVS = ['development', 'production', 'test'] as const;
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const text = v.pipe(v.string(), v.nonEmpty('不可為空白'));
const integer = (min: number, max: number, fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, `須為 ${min}–${max} 的整數`),
      v.transform(Number),
      v.minValue(min, `須為 ${min}–${max} 的整數`),
      v.maxValue(max, `須為 ${min}–${max} 的整數`),
    ),
    fallback,
  );
const MAX_WORKERS = 64;
const WORKERS_MESSAGE = `須為 auto（每個 CPU 核心一個）或 1–${MAX_WORKERS} 的整數`;
const httpUrl = v.pipe(v.string(), v.url('須為 http(s) 網址'), v.regex(/^https?:\/\//i, '須為 http(s) 網址'));
const hasCredentials = (value: string) => {
  const url = URL.parse(value);
  return Boolean(url?.username || url?.password);
};

export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

// Browsers read `//host` and `/\host` as another site, so a site path has neither.
const isSitePath = (value: string) => /^\/(?![/\\])[^\\\s]*$/.test(value);

const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Trusting every hop makes the client address the left-most X-Forwarded-For entry, which the client
 * writes itself even when the load balancer appends the address it saw: every per-address limit
 * would be the client's to choose. So does a CIDR of every address (`0.0.0.0/0`, `::/0`).
 */
const TRUSTS_EVERY_HOP = /^(true|\*)$/i;
const isEveryAddress = (item: string) => /^[\d.:a-f]+\/0+$/i.test(item);
const trustsEveryHop = (value: string) => TRUSTS_EVERY_HOP.test(value) || splitList(value).some(isEveryAddress);
const TRUST_EVERY_HOP_MESSAGE =
  '不可信任所有代理（true、*、/0）：用戶端可自填 X-Forwarded-For 最左邊的位址，避開每個位址的次數限制；' +
  '請填前方代理的層數（跳數，如只有一台負載平衡器填 1）或其以逗號分隔的 IP／CIDR';

/** An IP address, or a CIDR range whose prefix fits its family (checked here, not when the app is built). */
function isAddressOrRange(item: string): boolean {
  const [address = '', prefix, ...more] = item.split('/');
  const family = isIP(address);
  if (family === 0 || more.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(value: string): false | number | string[] | null {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = splitList(value);
  const valid = list.every((item) => PROXY_NAMES.has(item) || isAddressOrRange(item));
  return list.length > 0 && valid ? list : null;
}

const envSchema = v.object({
  PORT: integer(1, 65535, '3000'),
  HOST: v.optional(text, '127.0.0.1'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^postgres(ql)?:\/\/\S+$/, '須為 postgres:// 連線字串'),
      // Else pg reads `database` as a host named `base`, and a `#` in a password cuts the address
      // short: each fails later with a network error that names neither.
      v.check(
        (url) => URL.canParse(url) && !url.includes('#'),
        '無法解析為網址：使用者名稱或密碼中的 #、/、?、% 須寫成 %XX（如 # 寫成 %23）',
      ),
    ),
  ),
  DATA_DIR: v.optional(text, '.data'),
  CRM_SIGN_KEY: v.optional(text),
  CRM_AES_KEY: v.optional(text),
  ALLOWED_REDIRECT_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform(splitList),
      v.check((list) => list.every(isOrigin), '須為以逗號分隔的來源，如 https://shop.example.com（不含路徑）'),
    ),
    '',
  ),
  DEFAULT_REDIRECT_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (url) => isSitePath(url) || (/^https?:\/\//i.test(url) && URL.canParse(url)),
        '須為站內路徑（/ 開頭）或 http(s) 網址',
      ),
    ),
    DEFAULT_REDIRECT_PATH,
  ),
  PUBLIC_URL: v.optional(
    v.pipe(
      v.string(),
      v.transform((url) => url.replace(/\/+$/, '')),
      v.check(isOrigin, '須為會員中心對外的來源，如 https://member.example.com（不含路徑）'),
    ),
  ),
  SMS_PROVIDER: v.optional(v.picklist(['outbox', 'http'], '須為 outbox 或 http'), 'outbox'),
  SMS_HTTP_URL: v.optional(
    v.pipe(
      httpUrl,
      v.check(
        (url) => !hasCredentials(url),
        '網址不可含帳號密碼（無法發送，且會寫進記錄）：簡訊服務的金鑰請設定於 SMS_HTTP_TOKEN（以 Authorization: Bearer 送出）',
      ),
    ),
  ),
  SMS_HTTP_TOKEN: v.optional(text),
  LIFF_ID: v.optional(v.pipe(v.string(), v.regex(/^\d+-\w+$/, 'LIFF ID 格式錯誤（如 1234567890-AbCdEfGh）'))),
  LINE_CHANNEL_ID: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, '須為數字'))),
  LINE_API_BASE: v.optional(
    v.pipe(
      httpUrl,
      // LINE's API takes no account in its address; one there would only reach the log.
      v.check((url) => !hasCredentials(url), '網址不可含帳號密碼'),
      v.transform((url) => url.replace(/\/+$/, '')),
    ),
    'https://api.line.me',
  ),
  LINE_API_TIMEOUT_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, '須為 50–60000 的整數（毫秒）'),
      v.transform(Number),
      v.minValue(50, '須為 50–60000 的整數（毫秒）'),
      v.maxValue(60_000, '須為 50–60000 的整數（毫秒）'),
    ),
  ),
  RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000, '600'),
  RATE_LIMIT_CHECKS_PER_MINUTE: integer(1, 1_000_000, '30'),
  POS_VERIFY_PER_MINUTE: integer(1, 1_000_000, '120'),
  SMS_PER_ADDRESS_PER_HOUR: integer(1, 1_000_000, '10'),
  SMS_MAX_PER_MINUTE: integer(1, 1_000_000, '60'),
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\/\S+$/, '須為 redis:// 或 rediss:// 連線字串'))),
  REDIS_KEY_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^[\w.:-]{1,64}$/, '須為 1–64 個英數字或 . : - _')),
    'member-app:',
  ),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => !trustsEveryHop(value), TRUST_EVERY_HOP_MESSAGE),
      v.transform(parseTrustProxy),
      v.custom<false | number | string[]>((value) => value !== null, '須為 false、跳數或以逗號分隔的 IP／CIDR'),
    ),
    'false',
  ),
  WORKERS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(auto|\d+)$/, WORKERS_MESSAGE),
      v.transform((value) => (value === 'auto' ? availableParallelism() : Number(value))),
      v.minValue(1, WORKERS_MESSAGE),
      v.maxValue(MAX_WORKERS, WORKERS_MESSAGE),
    ),
    '1',
  ),
  NODE_ENV: v.optional(v.picklist(NODE_ENVS, '須為 development、production 或 test'), 'development'),
});

export type Env = v.InferOutput<typeof envSchema>;
export type EnvKey = keyof Env;
export const ENV_KEYS = Object.keys(envSchema.entries) as EnvKey[];

export interface ConfigIssue {
  key: EnvKey;
  message: string;
}

export class ConfigError extends OperatorError {
  constructor(readonly issues: ConfigIssue[]) {
    super(`環境變數設定錯誤（invalid environment）：\n${issues.map((i) => `  - ${i.key}：${i.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Our variables of `env`, with blank values treated as unset. */
export function pickEnv(env: Record<string, string | undefined>): Partial<Record<EnvKey, string>> {
  const picked: Partial<Record<EnvKey, string>> = {};
  for (const key of ENV_KEYS) {
    const value = env[key]?.trim();
    if (value) picked[key] = value;
  }
  return picked;
}

export function parseEnv(env: Record<string, string | undefined>): Env {
  const raw = pickEnv(env);
  const result = v.safeParse(envSchema, raw);
  const issues: ConfigIssue[] = result.success
    ? []
    : result.issues.map((issue) => ({ key: issue.path?.[0]?.key as EnvKey, message: issue.message }));
  issues.push(...crossChecks(raw));
  const seen = new Set<EnvKey>();
  const unique = issues.filter((issue) => !seen.has(issue.key) && seen.add(issue.key));
  if (unique.length > 0 || !result.success) throw new ConfigError(unique);
  return result.output;
}

const HTTPS_IN_PRODUCTION = '正式環境（NODE_ENV=production）的來源須為 https://';
const isHttps = (origin: string) => URL.canParse(origin) && new URL(origin).protocol === 'https:';

/**
 * PUBLIC_URL is the only origin of the links the server writes (never the Host header), so
 * production needs it; and every origin a member is sent to must be https, or the keys and
 * tokens those pages carry cross the network in clear text. A value the schema already
 * refuses keeps the schema's message (parseEnv keeps the first issue of a key).
 */
function productionOrigins(raw: Partial<Record<EnvKey, string>>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (!raw.PUBLIC_URL) {
    issues.push({
      key: 'PUBLIC_URL',
      message: '正式環境（NODE_ENV=production）必須設定，如 https://member.example.com',
    });
  } else if (!isHttps(raw.PUBLIC_URL)) {
    issues.push({ key: 'PUBLIC_URL', message: HTTPS_IN_PRODUCTION });
  }
  if (!splitList(raw.ALLOWED_REDIRECT_ORIGINS ?? '').every(isHttps)) {
    issues.push({ key: 'ALLOWED_REDIRECT_ORIGINS', message: HTTPS_IN_PRODUCTION });
  }
  // The SMS gateway is handed every code and our bearer token; LINE, members' access tokens.
  for (const key of ['SMS_HTTP_URL', 'LINE_API_BASE'] as const) {
    const value = raw[key];
    if (value && /^http:/i.test(value)) issues.push({ key, message: HTTPS_IN_PRODUCTION });
  }
  return issues;
}

/** Rules that involve more than one variable, checked on the raw values. */
function crossChecks(raw: Partial<Record<EnvKey, string>>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const production = raw.NODE_ENV === 'production';
  for (const [key, other, demo] of [
    ['CRM_SIGN_KEY', 'CRM_AES_KEY', DEMO_SIGN_KEY],
    ['CRM_AES_KEY', 'CRM_SIGN_KEY', DEMO_AES_KEY],
  ] as const) {
    if (production && (!raw[key] || raw[key] === demo)) {
      issues.push({ key, message: '正式環境（NODE_ENV=production）不可使用示範金鑰，請設定' });
    } else if (!raw[key] && raw[other]) {
      issues.push({ key, message: `須與 ${other} 同時設定` });
    }
  }
  if (production) issues.push(...productionOrigins(raw));
  if (production && !raw.LIFF_ID) {
    issues.push({ key: 'LIFF_ID', message: '正式環境（NODE_ENV=production）不可使用示範 LINE，請設定' });
  }
  if (raw.LIFF_ID && !raw.LINE_CHANNEL_ID) issues.push({ key: 'LINE_CHANNEL_ID', message: '設定 LIFF_ID 時必須設定' });
  // The outbox only stores and logs messages: in production no code would reach the member.
  if (production && raw.SMS_PROVIDER !== 'http') {
    issues.push({
      key: 'SMS_PROVIDER',
      message: '正式環境（NODE_ENV=production）不可使用開發用簡訊寄件匣，請設定為 http',
    });
  }
  if (raw.SMS_PROVIDER === 'http') {
    if (!raw.SMS_HTTP_URL) issues.push({ key: 'SMS_HTTP_URL', message: 'SMS_PROVIDER=http 時必須設定' });
    if (!raw.SMS_HTTP_TOKEN) issues.push({ key: 'SMS_HTTP_TOKEN', message: 'SMS_PROVIDER=http 時必須設定' });
  }
  // Several processes share their limits only through PostgreSQL and Redis; PGlite is one process's files.
  if (raw.WORKERS && raw.WORKERS !== '1') {
    if (!raw.DATABASE_URL) issues.push({ key: 'WORKERS', message: '多個行程須使用 PostgreSQL（設定 DATABASE_URL）' });
    if (!raw.REDIS_URL)
      issues.push({ key: 'WORKERS', message: '多個行程須以 Redis 共用請求次數限制（設定 REDIS_URL）' });
  }
  const target = raw.DEFAULT_REDIRECT_URL;
  if (target && !isSitePath(target) && URL.canParse(target)) {
    const origins = splitList(raw.ALLOWED_REDIRECT_ORIGINS ?? '');
    if (!origins.includes(new URL(target).origin)) {
      issues.push({ key: 'DEFAULT_REDIRECT_URL', message: '網址的來源須列在 ALLOWED_REDIRECT_ORIGINS' });
    }
  }
  return issues;
}
