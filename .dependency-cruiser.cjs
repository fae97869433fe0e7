/**
 * The floor plan, checked by `make structure` (docs/architecture.md): server/ → routers/ → core/ → db/,
 * each importing only the layers to its right; inside routers/, one folder per feature, whose
 * procedures alone touch tRPC and which reaches another feature only through its record, its
 * writes or the event log. `make check` and `make test` fail on any import that breaks a rule.
 */
const LAYERS = 'server|routers|core|db';

const layer = (name, below) => ({
  name: `${name}-imports-only-below`,
  comment: `${name}/ may import only from ${below.length ? `${below.join('/, ')}/` : 'itself'} (and packages).`,
  severity: 'error',
  from: { path: `^${name}/` },
  to: { path: `^(${LAYERS})/`, pathNot: `^(${[name, ...below].join('|')})/` },
});

module.exports = {
  forbidden: [
    layer('routers', ['core', 'db']),
    layer('core', ['db']),
    layer('db', []),
    {
      name: 'only-procedures-build-procedures',
      comment:
        'Inside a feature, only *.procedures.ts import the procedure builder (core/trpc.ts) or tRPC: rules, writes, records and jobs are plain functions a test can call.',
      severity: 'error',
      from: { path: '^routers/[^/]+/', pathNot: '\\.procedures\\.ts$' },
      to: { path: ['^core/trpc\\.ts$', '^node_modules/@trpc/'] },
    },
    {
      name: 'procedures-hold-no-sql',
      comment:
        'A procedure is input, output, meta and one call: it reaches the database only through its feature (no db/ import; tests/tooling/structure.rules.test.ts also reads its text for SQL).',
      severity: 'error',
      from: { path: '\\.procedures\\.ts$' },
      to: { path: '^db/', pathNot: '^db/entities/' },
    },
    {
      name: 'features-meet-through-records-writes-and-events',
      comment:
        'A feature uses another only through its record (*.record.ts) or its writes (*.writes.ts; the event log is routers/events/events.writes.ts), never through its procedures, reads, rules or jobs.',
      severity: 'error',
      from: { path: '^routers/([^/]+)/' },
      to: {
        path: '^routers/[^/]+/',
        pathNot: ['^routers/$1/', '\\.(record|writes)\\.ts$'],
      },
    },
    {
      name: 'pipeline-steps-import-only-below',
      comment:
        'A step of the request pipeline (server/http/pipeline/) imports no other step, nor app.ts, nor a route module: createApp calls the steps in order, so a request reads top to bottom and never climbs back. What steps share lives below them (procedureTable, outcome, conditional, rateLimit, metrics).',
      severity: 'error',
      from: { path: '^server/http/pipeline/' },
      to: {
        path: '^server/',
        pathNot: [
          '^server/http/(procedureTable|outcome|conditional|rateLimit|metrics)\\.ts$',
          '^server/main/env\\.ts$',
        ],
      },
    },
    {
      name: 'packages-stand-alone',
      comment:
        'What users install (packages/) carries no server code: it may import only its own files and its dependencies.',
      severity: 'error',
      from: { path: '^packages/([^/]+)/' },
      to: { path: `^(${LAYERS}|tests|bench)/|^packages/`, pathNot: '^packages/$1/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle hides which module depends on which; break it by moving the shared part down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'production-not-on-dev-dependencies',
      comment: 'What ships (server, routers, core, db) may not need a devDependency at run time.',
      severity: 'error',
      from: { path: `^(${LAYERS})/` },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
