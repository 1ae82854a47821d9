import { describe, expect, it } from 'vitest';
import { runtimeConfigScript } from '#protocol/runtime-config';
import { readConfig } from '../../../src/config';
import { TEST_CONFIG } from '../support/config';

const pageWith = (html: string) => new DOMParser().parseFromString(`<html><head>${html}</head></html>`, 'text/html');

describe('the app config', () => {
  it('comes from the runtime config block the server put in the page', () => {
    const result = readConfig(pageWith(runtimeConfigScript(TEST_CONFIG)), {});
    expect(result).toEqual({ ok: true, config: TEST_CONFIG });
  });

  it('lists every bad key of the block', () => {
    const bad = { ...TEST_CONFIG, signKey: '', allowedRedirectOrigins: ['not a url'], apiBases: { appApi: '/a' } };
    const block = `<script id="runtime-config" type="application/json">${JSON.stringify(bad)}</script>`;
    const result = readConfig(pageWith(block), {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining(['signKey', 'allowedRedirectOrigins.0', 'apiBases.memberApi', 'apiBases.oauthApi']),
    );
  });

  it('reports a block that is not JSON', () => {
    const result = readConfig(pageWith('<script id="runtime-config" type="application/json">{</script>'), {});
    expect(result).toEqual({ ok: false, problems: ['runtime-config'] });
  });

  it('falls back to build-time values without a block, in demo mode when no LIFF id is set', () => {
    const result = readConfig(pageWith(''), {
      VITE_SIGN_KEY: 'sign',
      VITE_AES_KEY: 'aes',
      VITE_APP_API_BASE: 'https://crm.example.com/app',
      VITE_ALLOWED_REDIRECT_ORIGINS: 'https://shop.example.com, https://blog.example.com',
    });
    expect(result).toEqual({
      ok: true,
      config: {
        apiBases: { appApi: 'https://crm.example.com/app', memberApi: '', oauthApi: '/oauth-api', oauthHost: '' },
        liffId: null,
        signKey: 'sign',
        aesKey: 'aes',
        allowedRedirectOrigins: ['https://shop.example.com', 'https://blog.example.com'],
        demoMode: true,
      },
    });
  });

  it('names the build-time variables that are missing or wrong', () => {
    const result = readConfig(pageWith(''), { VITE_ALLOWED_REDIRECT_ORIGINS: 'nope' });
    expect(result).toEqual({
      ok: false,
      problems: ['VITE_SIGN_KEY', 'VITE_AES_KEY', 'VITE_ALLOWED_REDIRECT_ORIGINS'],
    });
  });
});
