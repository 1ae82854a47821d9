import { describe, expect, it } from 'vitest';
import { filesNamedBy, isAppFile, isKeepCardPage } from '../../src/service-worker/card-page';

// The card's page as the member server sends it (server/modules/web/shell.ts): what the card's
// worker must keep with it to open it offline.
const CARD_PAGE = `<!doctype html><html><head>
<link rel="icon" type="image/svg+xml" href="/assets/logo-Cd34.svg" />
<script type="module" crossorigin src="/assets/index-Ef56.js"></script>
<style>.a{background:url(/assets/never-named.png)}</style>
<link rel="modulepreload" crossorigin href="/assets/member_card-Gh78.js"><link rel="modulepreload" crossorigin href="/assets/crypto-Ij90.js">
<script id="runtime-config" type="application/json">{"href":"/assets/not-an-attribute.js"}</script>
</head><body><img src="/assets/logo-Cd34.svg" alt="會員中心"><a href="/login">登入</a>
<script src="https://static.line-scdn.net/liff/edge/2/sdk.js"></script><img src="//cdn.example.com/x.png"></body></html>`;

describe('the card page and its worker', () => {
  it('finds the app files a page names in its attributes, once each, and nothing else', () => {
    expect(filesNamedBy(CARD_PAGE)).toEqual([
      '/assets/logo-Cd34.svg',
      '/assets/index-Ef56.js',
      '/assets/member_card-Gh78.js',
      '/assets/crypto-Ij90.js',
    ]);
  });

  it('counts only the hashed files as the app’s own', () => {
    expect(isAppFile('/assets/index-Ef56.js')).toBe(true);
    expect(isAppFile('/member_card')).toBe(false);
    expect(isAppFile('/card-worker.js')).toBe(false);
    expect(isAppFile('/api/member/get_member_card')).toBe(false);
  });

  it('takes only a whole keep message', () => {
    expect(isKeepCardPage({ type: 'keep-card-page', entry: '/assets/index-Ef56.js', files: ['/assets/a.js'] })).toBe(
      true,
    );
    expect(isKeepCardPage({ type: 'keep-card-page', entry: '/assets/index-Ef56.js', files: [] })).toBe(true);
    for (const broken of [
      null,
      'keep-card-page',
      { type: 'keep-card-page', files: [] },
      { type: 'keep-card-page', entry: '/assets/i.js', files: '/assets/a.js' },
      { type: 'keep-card-page', entry: '/assets/i.js', files: [1] },
      { type: 'SKIP_WAITING', entry: '/assets/i.js', files: [] },
    ]) {
      expect(isKeepCardPage(broken)).toBe(false);
    }
  });
});
