import * as v from 'valibot';
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig, runtimeConfigSchema } from '#protocol/runtime-config';
import { DEFAULT_API_BASES } from '#protocol/values';
import liffSettings from '../liff.config.json';

export type AppConfig = RuntimeConfig;
export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; problems: string[] };
type BuildEnv = Partial<Record<keyof ImportMetaEnv, string | undefined>>;

// Build-time names of each setting, so a static deployment is told which variable is wrong.
const ENV_NAMES: Record<string, string> = {
  apiBases: 'VITE_APP_API_BASE / VITE_MEMBER_API_BASE / VITE_OAUTH_API_BASE / VITE_OAUTH_HOST',
  'apiBases.appApi': 'VITE_APP_API_BASE',
  'apiBases.memberApi': 'VITE_MEMBER_API_BASE',
  'apiBases.oauthApi': 'VITE_OAUTH_API_BASE',
  'apiBases.oauthHost': 'VITE_OAUTH_HOST',
  liffId: 'VITE_LIFF_ID',
  signKey: 'VITE_SIGN_KEY',
  aesKey: 'VITE_AES_KEY',
  allowedRedirectOrigins: 'VITE_ALLOWED_REDIRECT_ORIGINS',
};

// Each key named, so Vite puts only these values in the bundle, never the whole build environment.
const buildEnv = (): BuildEnv => ({
  VITE_APP_API_BASE: import.meta.env.VITE_APP_API_BASE,
  VITE_MEMBER_API_BASE: import.meta.env.VITE_MEMBER_API_BASE,
  VITE_OAUTH_API_BASE: import.meta.env.VITE_OAUTH_API_BASE,
  VITE_OAUTH_HOST: import.meta.env.VITE_OAUTH_HOST,
  VITE_LIFF_ID: import.meta.env.VITE_LIFF_ID,
  VITE_SIGN_KEY: import.meta.env.VITE_SIGN_KEY,
  VITE_AES_KEY: import.meta.env.VITE_AES_KEY,
  VITE_ALLOWED_REDIRECT_ORIGINS: import.meta.env.VITE_ALLOWED_REDIRECT_ORIGINS,
});

const fallbackLiffId = (): string | null => liffSettings.liffId || null;

function configFromEnv(env: BuildEnv): unknown {
  const liffId = env.VITE_LIFF_ID || fallbackLiffId();
  return {
    apiBases: {
      appApi: env.VITE_APP_API_BASE ?? DEFAULT_API_BASES.appApi,
      memberApi: env.VITE_MEMBER_API_BASE ?? DEFAULT_API_BASES.memberApi,
      oauthApi: env.VITE_OAUTH_API_BASE ?? DEFAULT_API_BASES.oauthApi,
      oauthHost: env.VITE_OAUTH_HOST ?? DEFAULT_API_BASES.oauthHost,
    },
    liffId,
    signKey: env.VITE_SIGN_KEY ?? '',
    aesKey: env.VITE_AES_KEY ?? '',
    allowedRedirectOrigins: (env.VITE_ALLOWED_REDIRECT_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    demoMode: liffId === null,
  };
}

function badKeys(issues: v.GenericIssue[], fromEnv: boolean): string[] {
  const keys = issues.map((issue) => {
    const path = v.getDotPath(issue) ?? 'runtime-config';
    if (!fromEnv) return path;
    const name = ENV_NAMES[path] ?? ENV_NAMES[path.split('.')[0] ?? ''];
    return name ?? path;
  });
  return [...new Set(keys)];
}

/** The runtime config the server put in the page, or the build-time values when there is none. */
export function readConfig(doc: Document = document, env: BuildEnv = buildEnv()): ConfigResult {
  const block = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  let raw: unknown;
  if (block) {
    try {
      raw = JSON.parse(block.textContent ?? '');
    } catch {
      return { ok: false, problems: [RUNTIME_CONFIG_ELEMENT_ID] };
    }
  } else {
    raw = configFromEnv(env);
  }
  const parsed = v.safeParse(runtimeConfigSchema, raw);
  if (!parsed.success) return { ok: false, problems: badKeys(parsed.issues, !block) };
  const config = parsed.output;
  return { ok: true, config: { ...config, liffId: config.liffId ?? fallbackLiffId() } };
}

let current: AppConfig | null = null;

/** Reads and keeps the config for the rest of the app; call once at boot. */
export function loadConfig(doc?: Document, env?: BuildEnv): ConfigResult {
  const result = readConfig(doc, env);
  current = result.ok ? result.config : null;
  return result;
}

export function appConfig(): AppConfig {
  if (!current) throw new Error('The app config was used before loadConfig() succeeded.');
  return current;
}
