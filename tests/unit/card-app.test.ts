import { describe, expect, it } from 'vitest';
import { cardAppManifest } from '../../scripts/card-app-plugin';

// The member card on the home screen (decision 0017): the manifest the build writes.

describe('the card’s manifest', () => {
  it('opens the card, in its own window, named in zh-TW from the catalogue', () => {
    expect(cardAppManifest()).toMatchObject({
      id: '/member_card',
      start_url: '/member_card',
      scope: '/',
      display: 'standalone',
      lang: 'zh-Hant-TW',
      name: '會員中心 會員卡',
      short_name: '會員卡',
      description: '在門市結帳時出示會員條碼，沒有網路也能使用。',
    });
  });

  it('names the icons launchers ask for: 192 and 512, whole and maskable, all PNG', () => {
    expect(cardAppManifest().icons).toEqual([
      { src: '/card-icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/card-icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/card-icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/card-icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });
});
