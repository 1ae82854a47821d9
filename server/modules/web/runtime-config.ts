import { DEFAULT_API_BASES, type RuntimeConfig } from '#protocol';
import type { Config } from '../../config';

/** The public settings the served index.html carries to the web app. */
export function publicRuntimeConfig(config: Config): RuntimeConfig {
  return {
    apiBases: DEFAULT_API_BASES,
    liffId: config.liffId,
    signKey: config.signKey,
    aesKey: config.aesKey,
    allowedRedirectOrigins: config.allowedRedirectOrigins,
    demoMode: config.demoMode,
  };
}
