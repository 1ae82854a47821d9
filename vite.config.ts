import { randomBytes } from 'node:crypto';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import * as v from 'valibot';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { AES_KEY_COOKIE, RUNTIME_CONFIG_PLACEHOLDER, runtimeConfigSchema, runtimeConfigScript } from '#protocol';
import { callAddresses } from './scripts/call-addresses-plugin';
import { cardApp } from './scripts/card-app-plugin';
import { cardWorker } from './scripts/card-worker-plugin';
import { keptReleases } from './scripts/kept-releases-plugin';
import { startupModules } from './scripts/startup-modules-plugin';

const startup = startupModules();

// In development the member server listens here and answers every API base.
const MEMBER_SERVER = 'http://127.0.0.1:3001';
const proxiedPaths = ['/app-api', '/api', '/oauth-api', '/oauth', '/pos-api', '/dev', '/healthz', '/catalog-images'];

/**
 * `npm run dev` only: the index.html the dev server sends carries the member server's runtime
 * config and sets the aes_key cookie, as the member server does for the built app.
 */
function devRuntimeConfig(): Plugin {
  const json = process.env.MEMBER_RUNTIME_CONFIG;
  return {
    name: 'member-dev-runtime-config',
    apply: 'serve',
    transformIndexHtml: (html) =>
      json
        ? html.replace(RUNTIME_CONFIG_PLACEHOLDER, runtimeConfigScript(v.parse(runtimeConfigSchema, JSON.parse(json))))
        : html,
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!request.headers.cookie?.includes(`${AES_KEY_COOKIE}=`)) {
          response.setHeader(
            'Set-Cookie',
            `${AES_KEY_COOKIE}=${randomBytes(32).toString('base64url')}; Path=/; SameSite=Lax`,
          );
        }
        next();
      });
    },
  };
}

// Every text asset ships with .br and .gz twins, served by @fastify/static's preCompressed at no
// cost per request. index.html is left out: the server fills in the runtime config first.
const compressedTwins = () =>
  compression({
    algorithms: ['brotliCompress', 'gzip'],
    include: /\.(js|css|svg|json|txt|webmanifest)$/,
    threshold: 512,
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
  });

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    devRuntimeConfig(),
    callAddresses(),
    startup.plugin,
    cardApp(),
    // The hashed files of earlier releases stay for pages opened before them (decision 0019).
    keptReleases(),
    compressedTwins(),
    cardWorker(compressedTwins),
  ],
  build: {
    outDir: 'dist',
    // Every browser the app supports (LINE's WebViews, current mobile browsers) preloads modules natively.
    modulePreload: { polyfill: false },
    // The server reads it to preload each screen's own chunks from the page it sends (server/modules/web/shell.ts).
    manifest: true,
    rolldownOptions: {
      // `npm start` builds on the operator's machine: on a slow or busy one the bundler printed a
      // report of its plugins' timings in the middle of the start, nothing an operator acts on.
      checks: { bundlerTimings: false },
      output: {
        // Left to itself the bundler cut the code into pieces by the set of screens that share
        // them, each compressed on its own and each one more request. Two groups instead:
        codeSplitting: {
          groups: [
            // What every page starts with (the entry's own imports, with React, TanStack and the
            // app's storage, client and catalogue) in one chunk with the entry: /login went from
            // 25 scripts, 144.6 KiB gzip, to 11 scripts, 140.7 KiB (bench/README.md).
            { name: 'startup', test: startup.includes },
            // The form libraries most screens share beyond that, in one more. @noble loads with the
            // first call (src/api/client.ts), the card's barcode libraries and DOMPurify with the
            // screens that use them.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|valibot|react-hook-form|@hookform|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: MEMBER_SERVER, changeOrigin: false }])),
  },
});
