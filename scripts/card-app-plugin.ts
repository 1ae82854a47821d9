import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';
import {
  CARD_APP_ICON_SIZES,
  CARD_APP_MANIFEST,
  CARD_APP_TOUCH_ICON,
  CARD_PAGE,
  cardAppIcon,
  cardAppMaskableIcon,
} from '#protocol/card-app';
import { cardAppTexts } from '../src/i18n/zh-TW/card-app';
import tailwindConfig from '../tailwind.config';

const LOGO = 'src/assets/logo.svg';
// The brand's colours, as the screens use them: the logo's darker teal, and the page's background.
const { brand } = tailwindConfig.theme.extend.colors;
const BRAND = brand[700];
const PAGE_BACKGROUND = brand[50];
// A maskable icon's safe zone is the centre circle of 80% of its width: the logo's tile fits it whole.
const MASKABLE_LOGO_SHARE = 0.56;

/** The manifest of the card on the home screen: it opens the card, whose page the card's worker keeps. */
export function cardAppManifest() {
  return {
    id: CARD_PAGE,
    name: cardAppTexts.name,
    short_name: cardAppTexts.shortName,
    description: cardAppTexts.description,
    lang: 'zh-Hant-TW',
    start_url: CARD_PAGE,
    // The whole app runs in the card's window: the way back to the profile stays in it.
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BRAND,
    background_color: PAGE_BACKGROUND,
    icons: [
      ...CARD_APP_ICON_SIZES.map((size) => ({ src: cardAppIcon(size), sizes: `${size}x${size}`, type: 'image/png' })),
      ...CARD_APP_ICON_SIZES.map((size) => ({
        src: cardAppMaskableIcon(size),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      })),
    ],
  };
}

/**
 * The logo on a full-bleed brand square, `share` of its width: for launchers that cut their own
 * shape (within the safe zone), and for iOS, which rounds the corners itself (the whole width).
 */
function onBrandSquare(logo: string, share: number): string {
  const inner = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const offset = (120 * (1 - share)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="${BRAND}"/><g transform="translate(${offset} ${offset}) scale(${share})">${inner}</g></svg>`;
}

const png = (svg: string, size: number) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();

/**
 * Writes the card's manifest and its icons, drawn from the logo at build time (decision 0017),
 * at the site's root beside the card's worker.
 */
export function cardApp(): Plugin {
  let root = process.cwd();
  return {
    name: 'member-card-app',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      const logo = readFileSync(resolve(root, LOGO), 'utf8');
      const emit = (path: string, source: string | Uint8Array) =>
        this.emitFile({ type: 'asset', fileName: path.slice(1), source });
      emit(CARD_APP_MANIFEST, `${JSON.stringify(cardAppManifest(), null, 2)}\n`);
      for (const size of CARD_APP_ICON_SIZES) {
        emit(cardAppIcon(size), png(logo, size));
        emit(cardAppMaskableIcon(size), png(onBrandSquare(logo, MASKABLE_LOGO_SHARE), size));
      }
      emit(CARD_APP_TOUCH_ICON, png(onBrandSquare(logo, 1), 180));
    },
  };
}
