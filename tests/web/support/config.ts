import { DEFAULT_API_BASES } from '#protocol/endpoints';
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig, runtimeConfigScript } from '#protocol/runtime-config';

export const SHOP_ORIGIN = 'https://shop.example.com';

export const TEST_CONFIG: RuntimeConfig = {
  apiBases: { ...DEFAULT_API_BASES },
  liffId: null,
  signKey: 'web-test-sign-key',
  aesKey: 'web-test-aes-key',
  allowedRedirectOrigins: [SHOP_ORIGIN],
  demoMode: true,
};

/** The per-browser secret the server would set in the `aes_key` cookie. */
export const COOKIE_AES_KEY = 'cookie-secret-0123456789';

/** Puts the runtime config block in the page, as the member server does. */
export function installRuntimeConfig(config: RuntimeConfig = TEST_CONFIG): void {
  removeRuntimeConfig();
  document.head.insertAdjacentHTML('beforeend', runtimeConfigScript(config));
}

export function removeRuntimeConfig(): void {
  document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
}
