/**
 * The layers (README "Architecture"): server/ → routers/ → api/ → domain/ → db/. Each may import
 * from the layers to its right, never to its left. `make check` and `make test` fail on a
 * backwards import, a cycle, or a production module importing a dev dependency.
 */
const layer = (name, below) => ({
  name: `${name}-imports-only-below`,
  comment: `${name}/ may import only from ${below.length ? `${below.join('/, ')}/` : 'itself'} (and packages).`,
  severity: 'error',
  from: { path: `^${name}/` },
  to: { path: '^(server|routers|api|domain|db)/', pathNot: `^(${[name, ...below].join('|')})/` },
});

module.exports = {
  forbidden: [
    layer('routers', ['api', 'domain', 'db']),
    layer('api', ['domain', 'db']),
    layer('domain', ['db']),
    layer('db', []),
    {
      name: 'packages-stand-alone',
      comment:
        'What users install (packages/) carries no server code: it may import only its own files and its dependencies.',
      severity: 'error',
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^(server|routers|api|domain|db|tests|bench)/|^packages/', pathNot: '^packages/$1/' },
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
      comment: 'What ships (server, routers, api, domain, db) may not need a devDependency at run time.',
      severity: 'error',
      from: { path: '^(server|routers|api|domain|db)/' },
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
