// The layers of Farol's code, as rules that fail `npm run lint` (decision 036). The server has five layers,
// each importing only those below it:
//   composition  the app that mounts routes; server, worker and main entry points; the admin CLI
//   protocols    /api/v1 and its OpenAPI, MCP, the web app's request handler
//   features     one folder each; another feature is reached only through its public.ts (its read model)
//   tenancy      accounts, sessions, API tokens, workspaces and the one access resolver
//   platform     configuration, database, errors, logging, the HTTP kit, email, storage, the job queue and
//                the task kernel (the Capability contract and its lookup)
// Tests, benches and scripts may import any layer; no production file imports them.
const server = '^apps/server/src/'
const tests = '(\\.test\\.tsx?$|^apps/server/test/|^packages/engine/test/|^bench/|^scripts/|^apps/web/e2e/)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module cycle: one of the two should not know the other (move the shared part below both).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'Two folders of the server import each other: the layers (or a public.ts) should decide which.',
      from: { path: server },
      to: { circular: true },
    },
    {
      name: 'composition-is-the-root',
      severity: 'error',
      comment: 'Nothing but the composition root (and tests) imports the composition root.',
      from: { pathNot: [`${server}composition/`, tests] },
      to: { path: `${server}composition/` },
    },
    {
      name: 'protocols-from-composition-only',
      severity: 'error',
      comment:
        'A protocol (/api/v1, MCP, the web handler) is mounted by the composition root, not imported below it.',
      from: { path: `${server}(platform|tenancy|features)/`, pathNot: tests },
      to: { path: `${server}protocols/` },
    },
    {
      name: 'platform-imports-no-upper-layer',
      severity: 'error',
      comment:
        'The platform knows no account, workspace or feature: pass what it needs in (see platform/tasks).',
      from: { path: `${server}platform/`, pathNot: tests },
      to: { path: `${server}(tenancy|features|protocols|composition)/` },
    },
    {
      name: 'tenancy-imports-no-feature',
      severity: 'error',
      comment: 'Identity and tenancy sit below the features: a feature asks them, never the reverse.',
      from: { path: `${server}tenancy/`, pathNot: tests },
      to: { path: `${server}(features|protocols|composition)/` },
    },
    {
      name: 'feature-through-public-module',
      severity: 'error',
      comment: "A feature reads another feature only through that feature's public.ts (its read model).",
      from: { path: `${server}features/([^/]+)/` },
      to: {
        path: `${server}features/`,
        pathNot: [`${server}features/$1/`, `${server}features/[^/]+/public\\.ts$`],
      },
    },
    {
      name: 'engine-stands-alone',
      severity: 'error',
      comment: 'The engine is a library and a CLI: it knows nothing of the server or the web app.',
      from: { path: '^packages/engine/' },
      to: { path: '^(apps|bench)/' },
    },
    {
      name: 'web-app-not-server',
      severity: 'error',
      comment: "The web app talks to the API; it never imports the server's code.",
      from: { path: '^apps/web/app/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'web-features-not-routes',
      severity: 'error',
      comment: 'Routes compose features; a feature never imports a route module.',
      from: { path: '^apps/web/app/features/' },
      to: { path: '^apps/web/app/routes/' },
    },
    {
      name: 'production-not-to-tests',
      severity: 'error',
      comment: 'Production code never imports a test, a fixture or a bench.',
      from: { pathNot: tests },
      to: { path: tests },
    },
  ],
  options: {
    // Tests are leaves: they may import any layer, so they stay out of the folder graph.
    doNotFollow: { path: ['node_modules', tests] },
    exclude: { path: '(^|/)(node_modules|dist|build|\\.react-router)/' },
    // Type-only imports count: a cycle through types still ties two modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
