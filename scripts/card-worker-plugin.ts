import { resolve } from 'node:path';
import { build, type Plugin, type PluginOption } from 'vite';
import { CARD_WORKER_URL } from '../src/service-worker/card-page';

const SOURCE = 'src/service-worker/card-worker.ts';

/**
 * Builds the member card's service worker (decision 0017) beside the app once the app is built:
 * one classic script at the site's root (a worker's scope cannot be above its script, and a
 * module worker is not in every WebView the app meets), minified, with its compressed twins.
 */
export function cardWorker(compression: () => PluginOption): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'member-card-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [compression()],
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          rolldownOptions: {
            input: resolve(root, SOURCE),
            output: { format: 'iife', entryFileNames: CARD_WORKER_URL.slice(1) },
          },
        },
      });
    },
  };
}
