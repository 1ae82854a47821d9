import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The doors of ../shared/STYLE.md practice 1 are lint rules: each wrong import below, written into
// the room it breaks, must fail the same checkers `npm run lint` runs, with the rule's reason.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const depcruiseConfig = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: { name: string; comment: string }[];
};
const biomeConfig = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as {
  overrides: {
    linter: { rules: { style: { noRestrictedImports: { options: { patterns?: { message: string }[] } } } } };
  }[];
};
// The rooms' doors are the overrides with patterns; another (react-hook-form's useForm) names paths.
const [nodeMessage = '', browserMessage = ''] = biomeConfig.overrides.flatMap((override) =>
  (override.linter.rules.style.noRestrictedImports.options.patterns ?? []).map((pattern) => pattern.message),
);
const reasonOf = (rule: string) => depcruiseConfig.forbidden.find((r) => r.name === rule)?.comment ?? rule;

// A leading '-' keeps TanStack Router from taking the folder under src/routes for a route.
const FOLDER = `-boundary-check-${process.pid}`;
const folders = [
  'protocol',
  'src',
  'server',
  'src/features/login',
  'src/routes',
  'server/modules/register',
  'src/lib',
  'src/service-worker',
].map((room) => join(ROOT, room, FOLDER));
const removeAll = () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
};

/** Writes one file; returns its path from the repository root, as both checkers print it. */
function write(room: string, name: string, code: string): string {
  const path = `${room}/${FOLDER}/${name}`;
  mkdirSync(dirname(join(ROOT, path)), { recursive: true });
  writeFileSync(join(ROOT, path), code);
  return path;
}

const files = {
  protocolNode: () =>
    write('protocol', 'node.ts', "import { readFileSync } from 'node:fs';\n\nexport const x = readFileSync;\n"),
  protocolBrowser: () =>
    write('protocol', 'browser.ts', "import { createRoot } from 'react-dom/client';\n\nexport const x = createRoot;\n"),
  protocolSrc: () =>
    write('protocol', 'ours.ts', "import { appConfig } from '../../src/config';\n\nexport const x = appConfig;\n"),
  srcServer: () =>
    write('src', 'server.ts', "import { LIMITS } from '../../server/config';\n\nexport const x = LIMITS;\n"),
  serverSrc: () =>
    write('server', 'web.ts', "import { appConfig } from '../../src/config';\n\nexport const x = appConfig;\n"),
  feature: () =>
    write(
      'src/features/login',
      'other.ts',
      "import { useRegisterMutation } from '../../register/api';\n\nexport const x = useRegisterMutation;\n",
    ),
  ownFeature: () =>
    write(
      'src/features/login',
      'own.ts',
      "import { useLoginMutation } from '../api';\n\nexport const x = useLoginMutation;\n",
    ),
  routeApi: () =>
    write('src/routes', 'api.ts', "import { callApi } from '../../api/client';\n\nexport const x = callApi;\n"),
  routeStorage: () =>
    write('src/routes', 'storage.ts', "import * as storage from '../../lib/storage';\n\nexport const x = storage;\n"),
  moduleInside: () =>
    write(
      'server/modules/register',
      'lockout.ts',
      "import * as lockout from '../../auth/lockout';\n\nexport const x = lockout;\n",
    ),
  moduleService: () =>
    write(
      'server/modules/register',
      'service.ts',
      "import * as auth from '../../auth/service';\n\nexport const x = auth;\n",
    ),
  workerApp: () =>
    write(
      'src/service-worker',
      'app.ts',
      "import { storage } from '../../lib/storage';\n\nexport const x = storage;\n",
    ),
  appWorker: () =>
    write(
      'src/lib',
      'worker.ts',
      "import * as worker from '../../service-worker/card-worker';\n\nexport const x = worker;\n",
    ),
  appCardPage: () =>
    write(
      'src/lib',
      'card-page.ts',
      "import { CARD_PAGE } from '../../service-worker/card-page';\n\nexport const x = CARD_PAGE;\n",
    ),
  cycleA: () => write('src/lib', 'a.ts', "import { b } from './b';\n\nexport const a = () => b;\n"),
  cycleB: () => write('src/lib', 'b.ts', "import { a } from './a';\n\nexport const b = () => a;\n"),
};

type Written = Record<keyof typeof files, string>;
let written: Written;
let biome: { code: number; text: string };
let depcruise: { code: number; text: string };

async function check(command: string, args: string[]): Promise<{ code: number; text: string }> {
  try {
    const { stdout, stderr } = await run(join(ROOT, 'node_modules/.bin', command), args, { cwd: ROOT });
    return { code: 0, text: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, text: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

// Both checkers print long lines wrapped: compare text with runs of white space made one space.
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the doors between the rooms fail `npm run lint`', () => {
  beforeAll(async () => {
    process.once('exit', removeAll);
    try {
      written = Object.fromEntries(Object.entries(files).map(([key, make]) => [key, make()])) as Written;
      [biome, depcruise] = await Promise.all([
        check('biome', ['check', '--max-diagnostics=none', written.protocolNode, written.protocolBrowser]),
        check('depcruise', [
          ...['protocol', 'src', 'server'],
          '--config',
          '.dependency-cruiser.cjs',
          '--output-type',
          'err-long',
        ]),
      ]);
    } finally {
      removeAll();
    }
  }, 60_000);

  afterAll(removeAll);

  it('protocol/ may not import a Node built-in (Biome)', () => {
    expect(nodeMessage).toMatch(/^protocol\/ /);
    expect(biome.code).not.toBe(0);
    expect(flat(biome.text)).toContain(`${written.protocolNode}:1:`);
    expect(flat(biome.text)).toContain(flat(nodeMessage));
  });

  it('protocol/ may not import a browser-only module (Biome)', () => {
    expect(browserMessage).toMatch(/^protocol\/ /);
    expect(flat(biome.text)).toContain(`${written.protocolBrowser}:1:`);
    expect(flat(biome.text)).toContain(flat(browserMessage));
  });

  it.each([
    ['protocol-is-pure', 'protocolSrc', 'src/config.ts'],
    ['web-app-not-server', 'srcServer', 'server/config.ts'],
    ['server-not-web-app', 'serverSrc', 'src/config.ts'],
    ['feature-not-feature', 'feature', 'src/features/register/api.ts'],
    ['routes-are-thin', 'routeApi', 'src/api/client.ts'],
    ['routes-are-thin', 'routeStorage', 'src/lib/storage.ts'],
    ['module-through-service', 'moduleInside', 'server/modules/auth/lockout.ts'],
    ['worker-apart', 'workerApp', 'src/lib/storage.ts'],
    ['app-through-card-page', 'appWorker', 'src/service-worker/card-worker.ts'],
  ] as const)('%s: %s fails with its reason (dependency-cruiser)', (rule, file, target) => {
    expect(depcruise.code).not.toBe(0);
    expect(flat(depcruise.text)).toContain(flat(`error ${rule}: ${written[file]} → ${target} ${reasonOf(rule)}`));
  });

  it('no-circular: two files importing each other fail with its reason', () => {
    expect(flat(depcruise.text)).toMatch(new RegExp(`error no-circular: ${written.cycleA} → `));
    expect(flat(depcruise.text)).toContain(flat(reasonOf('no-circular')));
  });

  it("lets a feature import its own files, a module another module's service.ts, and the app the card page's terms", () => {
    expect(depcruise.text).not.toContain(`${written.ownFeature} →`);
    expect(depcruise.text).not.toContain(`${written.moduleService} →`);
    expect(depcruise.text).not.toContain(`${written.appCardPage} →`);
  });
});
