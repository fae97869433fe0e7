import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { namedClasses } from '../../bin/bundle.js';

// The bundle's classes keep the names they are written with (bin/bundle.ts): MikroORM tells its
// Migrator, EntitySchema and types by class name. esbuild renames a class that refers to itself
// (`var Migrator = class _Migrator`), and without its keepNames, which costs every request, the
// class would be named "_Migrator".

/** `files` bundled as bin/bundle.ts bundles dist/ (ESM, all in one), as text. */
async function bundled(files: Record<string, string>): Promise<string> {
  const result = await build({
    stdin: { contents: files['entry.js'], resolveDir: '/', sourcefile: 'entry.js' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'files',
        setup(on) {
          on.onResolve({ filter: /^\.\// }, (args) => ({ path: args.path.slice(2), namespace: 'files' }));
          on.onLoad({ filter: /.*/, namespace: 'files' }, (args) => ({ contents: files[args.path], loader: 'js' }));
        },
      },
    ],
  });
  return result.outputFiles[0].text;
}

/** The names of the classes a bundle's module exports, as it runs. */
async function classNames(code: string): Promise<Record<string, string>> {
  const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, { name: string }>;
  return Object.fromEntries(Object.entries(module).map(([key, value]) => [key, value.name]));
}

const sources = {
  'entry.js': `export { Migrator } from './migrator.js';
export { Plain } from './plain.js';
export { Registry } from './registry.js';`,
  'migrator.js': `class Base {}
export class Migrator extends Base { static create() { return new Migrator(); } }`,
  'plain.js': 'export class Plain {}',
  'registry.js': `export const Registry = (() => {
  class Registry { static global = new Registry(); }
  return Registry;
})();`,
};

describe('namedClasses', () => {
  test("a class that refers to itself is named as written, where esbuild's output names it _Name", async () => {
    const code = await bundled(sources);
    expect(code).toContain('var Migrator = class _Migrator extends Base');
    expect((await classNames(code)).Migrator).toBe('_Migrator');
    // The limit: an inner class renamed for a clash with another module's name keeps esbuild's name.
    expect(await classNames(namedClasses(code))).toEqual({
      Migrator: 'Migrator',
      Plain: 'Plain',
      Registry: 'Registry2',
    });
  });

  test('indented (inside a function or a CommonJS wrapper) and renamed for a clash (Name2) alike', async () => {
    const code = `function wrapper() {
    var Webhook2 = class _Webhook {
      static make() { return new _Webhook(); }
    };
    return Webhook2;
}
export const Webhook = wrapper();`;
    expect(await classNames(code)).toEqual({ Webhook: '_Webhook' });
    expect(await classNames(namedClasses(code))).toEqual({ Webhook: 'Webhook' });
  });

  test('leaves a class esbuild did not rename, and any other code, as it was', async () => {
    const code = await bundled({ 'entry.js': `export { Plain } from './plain.js';`, 'plain.js': sources['plain.js'] });
    expect(namedClasses(code)).toBe(code);
  });
});
