import type { Plugin } from 'vite';

/**
 * The modules the app starts with: everything the entry imports statically, directly or not,
 * found once the module graph is complete (`buildEnd`, before any chunk is made).
 *
 * Left to itself the bundler gives each set of screens that share a module its own chunk, so
 * every page started with the entry and a score of small chunks (storage, client, session,
 * the catalogue…) that it loads anyway, each compressed on its own and each one more request.
 * `vite.config.ts` puts these modules in one chunk with the entry instead.
 */
export function startupModules() {
  const startup = new Set<string>();
  const plugin: Plugin = {
    name: 'member-startup-modules',
    apply: 'build',
    buildEnd() {
      startup.clear();
      const waiting = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (let id = waiting.pop(); id !== undefined; id = waiting.pop()) {
        if (startup.has(id)) continue;
        startup.add(id);
        waiting.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, includes: (id: string) => startup.has(id) };
}
