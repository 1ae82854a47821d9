// npm run build:server: the member server as one esbuild bundle in build/server/, which `npm start`
// runs with plain node. Packages stay in node_modules (native argon2, PGlite's WebAssembly, pino's
// workers must be loaded from there), except drizzle-orm, which is bundled: Node's ESM resolver
// spends about 180 MiB of heap and 0.3 s on each bare `drizzle-orm/...` import against that
// package's exports map (thousands of entries), which nearly tripled the idle memory of a start.
import { rmSync } from 'node:fs';
import { build, type Plugin } from 'esbuild';

const BUNDLED_PACKAGES = /^drizzle-orm(\/|$)/;

const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(builder) {
    // Bare specifiers are packages (`#protocol` imports and relative paths are ours).
    builder.onResolve({ filter: /^[^./#]/ }, ({ path }) =>
      BUNDLED_PACKAGES.test(path) ? undefined : { path, external: true },
    );
  },
};

rmSync('build/server', { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  bundle: true,
  // Each database driver in its own chunk, loaded only when that database is used.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  outdir: 'build/server',
  logLevel: 'warning',
  plugins: [packagesStayExternal],
});
