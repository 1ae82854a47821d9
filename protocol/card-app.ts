// The member card kept for a visit with no network and installed on the home screen (decision
// 0017): its page, which the card's worker keeps and the server names the manifest in
// (server/modules/web/shell.ts), and the files the web app's build writes at the site's root.

/** The member card's page: the one page the card's worker keeps, and where the installed card opens. */
export const CARD_PAGE = '/member_card';

/** The web app manifest that makes the card installable: an icon on the home screen that opens the card. */
export const CARD_APP_MANIFEST = '/card-app.webmanifest';

/** The icons the build draws from the logo: square, the logo whole on its own rounded tile. */
export const CARD_APP_ICON_SIZES = [192, 512] as const;
export const cardAppIcon = (size: number) => `/card-icon-${size}.png`;

/** Full-bleed icons for launchers that cut their own shape (a circle, a squircle): the logo within the safe zone. */
export const cardAppMaskableIcon = (size: number) => `/card-icon-maskable-${size}.png`;

/** iOS's home-screen icon (180 × 180), which it takes from the page rather than the manifest on older versions. */
export const CARD_APP_TOUCH_ICON = '/card-icon-touch-180.png';
