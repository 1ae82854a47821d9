// The doors between the rooms (../shared/STYLE.md, practice 1; docs/architecture.md "Rooms").
// Biome (biome.json) keeps the rules that read an import as written; this file keeps those that
// need the resolved path: which room, which feature, which module. `npm run lint` runs both.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'protocol-is-pure',
      severity: 'error',
      comment:
        'protocol/ is shared by the browser and the server: it imports nothing of ours outside protocol/ (no src/, server/, tests/, tools).',
      from: { path: '^protocol/' },
      to: { path: '^(src|server|tests|bench|scripts)/|^[^/]+\\.ts$' },
    },
    {
      name: 'web-app-not-server',
      severity: 'error',
      comment:
        'src/ is the web app and runs in the browser: it may not import the member server (server/); what both need lives in protocol/.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-web-app',
      severity: 'error',
      comment: 'server/ is the member server: it may not import the web app (src/); what both need lives in protocol/.',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'feature-not-feature',
      severity: 'error',
      comment:
        'A feature (src/features/<a>) never imports another feature: move what both need to src/components, src/lib, src/api or protocol/.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'routes-are-thin',
      severity: 'error',
      comment:
        'Route files are thin (validateSearch, beforeLoad, loader, screen): no fetch, no storage, no business rule. Calls live in the feature (src/features/<x>/api.ts), storage behind src/lib/session.ts.',
      from: { path: '^src/routes/' },
      to: { path: '^src/api/|^src/lib/(storage|cookies)\\.ts$' },
    },
    {
      name: 'module-through-service',
      severity: 'error',
      comment:
        "A server module (server/modules/<a>) reaches another module only through its service.ts: the other module's routes and helpers are its own.",
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/', pathNot: '^server/modules/($1/|[^/]+/service\\.ts$)' },
    },
    {
      name: 'worker-apart',
      severity: 'error',
      comment:
        "src/service-worker/ runs in the card's service worker, not in the page: it imports only its own folder, protocol/ (pure, see protocol-is-pure) and libraries, never the app or the server.",
      from: { path: '^src/service-worker/' },
      to: { path: '^(src|server)/', pathNot: '^src/service-worker/' },
    },
    {
      name: 'app-through-card-page',
      severity: 'error',
      comment:
        "The app reaches the card's service worker only through src/service-worker/card-page.ts, the terms both sides agree on; the worker's own code runs only in the worker.",
      from: { path: '^(src|scripts)/', pathNot: '^src/service-worker/' },
      to: { path: '^src/service-worker/', pathNot: '^src/service-worker/card-page\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles: a cycle makes load order matter (undefined values at start-up) and fuses two files into one unit. Move what both need to a third file.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|test-results|playwright-report)/' },
    // TypeScript 7 has no compiler API for dependency-cruiser to parse with; swc reads .ts and .tsx.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
