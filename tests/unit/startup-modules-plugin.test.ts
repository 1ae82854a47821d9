import { describe, expect, it } from 'vitest';
import { startupModules } from '../../scripts/startup-modules-plugin';

interface FakeModule {
  isEntry?: boolean;
  importedIds?: string[];
  dynamicallyImportedIds?: string[];
}

/** Runs the plugin's `buildEnd` over a module graph as the bundler would show it. */
function afterBuild(graph: Record<string, FakeModule>) {
  const startup = startupModules();
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => {
      const module = graph[id];
      return module && { isEntry: false, importedIds: [], dynamicallyImportedIds: [], ...module };
    },
  };
  (startup.plugin.buildEnd as (this: unknown) => void).call(context);
  return startup;
}

describe('the modules the app starts with', () => {
  const graph: Record<string, FakeModule> = {
    '/app/src/main.tsx': { isEntry: true, importedIds: ['/app/src/router.ts', '/app/node_modules/react/index.js'] },
    '/app/src/router.ts': { importedIds: ['/app/src/lib/storage.ts'], dynamicallyImportedIds: ['/app/src/screen.tsx'] },
    '/app/src/lib/storage.ts': { importedIds: ['/app/src/router.ts'] },
    '/app/node_modules/react/index.js': {},
    '/app/src/screen.tsx': { importedIds: ['/app/src/lib/storage.ts', '/app/src/form.tsx'] },
    '/app/src/form.tsx': {},
  };

  it('are the entry and everything it imports statically, libraries and import cycles included', () => {
    const startup = afterBuild(graph);
    for (const id of ['/app/src/main.tsx', '/app/src/router.ts', '/app/src/lib/storage.ts'])
      expect(startup.includes(id), id).toBe(true);
    expect(startup.includes('/app/node_modules/react/index.js')).toBe(true);
  });

  it('leave out what loads later: a screen imported dynamically and what only it imports', () => {
    const startup = afterBuild(graph);
    expect(startup.includes('/app/src/screen.tsx')).toBe(false);
    expect(startup.includes('/app/src/form.tsx')).toBe(false);
  });

  it('are found again on each build (watch mode), forgetting modules that left the graph', () => {
    const startup = startupModules();
    const build = (ids: Record<string, FakeModule>) =>
      (startup.plugin.buildEnd as (this: unknown) => void).call({
        getModuleIds: () => Object.keys(ids)[Symbol.iterator](),
        getModuleInfo: (id: string) => ({ isEntry: false, importedIds: [], ...ids[id] }),
      });
    build(graph);
    build({ '/app/src/main.tsx': { isEntry: true } });
    expect(startup.includes('/app/src/main.tsx')).toBe(true);
    expect(startup.includes('/app/src/router.ts')).toBe(false);
  });
});
