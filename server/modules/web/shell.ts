import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROUTES, RUNTIME_CONFIG_PLACEHOLDER } from '#protocol';
import { CARD_APP_MANIFEST, CARD_APP_TOUCH_ICON, CARD_PAGE } from '#protocol/card-app';

// The page each screen URL is answered with, worked out once at start from the build: the first
// screen paints before any script runs (index.html carries the logo and the app's name where the
// screens put them), the stylesheet is inlined so nothing blocks that paint, and each screen's
// own chunks are preloaded alongside the entry instead of after the router has found them.

const SCREEN_OUTLINE = '<!--screen-outline-->';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

/**
 * The login form's outline, where the form will be: two fields and the button, in the sizes the
 * form takes, so the form arrives without moving anything. Shown on /login only. Each part holds one
 * line of its control's text (a zero-width space) with the control's padding, so it is as tall as
 * the control at any text size the member has set (spacing is in pixels, text in rem).
 */
const LOGIN_OUTLINE = `<div aria-hidden="true" class="flex flex-col gap-4">${'<div class="flex flex-col gap-1.5"><div class="w-16 rounded bg-gray-100 text-sm">&#8203;</div><div class="min-h-12 rounded-xl border border-gray-300 bg-white text-base">&#8203;</div></div>'.repeat(2)}<div class="mt-2 min-h-12 rounded-xl bg-brand-700 py-2 text-base opacity-30">&#8203;</div></div>`;

const OUTLINES: Partial<Record<string, string>> = { '/login': LOGIN_OUTLINE };

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(distDir: string): Manifest {
  const file = join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** The route file a screen URL comes from (TanStack file routes: `/a/b.tsx` or `/a/b/index.tsx`). */
const routeFiles = (path: string) =>
  path === '/' ? ['src/routes/index.tsx'] : [`src/routes${path}.tsx`, `src/routes${path}/index.tsx`];

/** The signing and AES code (decision 0012), which the app loads before its first call. */
const CALL_CODE = 'src/api/crypto.ts';

/**
 * The screens whose first call waits for the member to type: there the code comes with that
 * call, and the page, the first most members see, loads less. Every other screen either calls
 * on arrival (the profile, recommendations, the member card, the OAuth hop), reads a link's
 * encrypted CRM data on arrival (registration's first step, whose terms otherwise come with its
 * page, page-data.ts), or is a step members reach in the middle of a flow, so its code comes
 * with the page instead of one round trip after the entry has run.
 */
const CALL_CODE_WAITS_FOR_TYPING = new Set<string>(['/login', '/login/text']);

/** Every chunk a screen needs at once that the entry does not load already. */
function screenChunks(manifest: Manifest, path: string): string[] {
  const entry = manifest['index.html'];
  const loaded = new Set([entry?.file, ...(entry?.imports ?? []).map((key) => manifest[key]?.file)]);
  const found: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    found.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const file of routeFiles(path)) visit(`${file}?tsr-split=component`);
  if (!CALL_CODE_WAITS_FOR_TYPING.has(path)) visit(CALL_CODE);
  return found;
}

/** index.html's stylesheet inlined: one round trip less before the first paint. */
function inlineStylesheet(html: string, distDir: string): string {
  const link = STYLESHEET.exec(html);
  const file = link?.[1] && join(distDir, link[1]);
  if (!link || !file || !existsSync(file)) return html;
  const css = readFileSync(file, 'utf8').replaceAll('</style', '<\\/style');
  return html.replace(link[0], () => `<style>${css}</style>`);
}

/**
 * The card's page names the card's manifest and iOS's icon (decision 0017), when the build wrote
 * them: the card is what a member installs on the home screen. Other pages leave them out, so a
 * page the member only passes through loads nothing for it.
 */
function headExtras(distDir: string, path: string): string {
  if (path !== CARD_PAGE || !existsSync(join(distDir, CARD_APP_MANIFEST.slice(1)))) return '';
  return `<link rel="manifest" href="${CARD_APP_MANIFEST}"><link rel="apple-touch-icon" href="${CARD_APP_TOUCH_ICON}">`;
}

/**
 * The page for every screen URL (and, under `null`, for any other page), with the runtime config
 * in place; an empty map before a build.
 */
export function screenPages(distDir: string, runtimeConfigScript: string): Map<string | null, string> {
  const pages = new Map<string | null, string>();
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return pages;
  const template = readFileSync(indexFile, 'utf8');
  if (!template.includes(RUNTIME_CONFIG_PLACEHOLDER))
    throw new Error(`${indexFile} has no ${RUNTIME_CONFIG_PLACEHOLDER}`);
  const base = inlineStylesheet(
    template.replace(RUNTIME_CONFIG_PLACEHOLDER, () => runtimeConfigScript),
    distDir,
  );
  const manifest = readManifest(distDir);
  pages.set(null, base.replace(SCREEN_OUTLINE, ''));
  for (const path of APP_ROUTES) {
    const preloads = screenChunks(manifest, path)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    const page = base
      .replace('</head>', () => `${preloads}${headExtras(distDir, path)}</head>`)
      .replace(SCREEN_OUTLINE, () => OUTLINES[path] ?? '');
    pages.set(path, page);
  }
  return pages;
}
