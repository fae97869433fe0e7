import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';

// Runs the type-level tests in the suite (so in CI too, not only in `make check`): each file must
// compile with the project's options and not one diagnostic, so every `@ts-expect-error` in it is
// still an error and the typing checks hold. tests/trpc/client.types.ts: the typed client refuses
// what the API refuses; tests/trpc/package.types.ts: @workforce/trpc's AppRouter is the server's.

const configPath = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
const files = ['./client.types.ts', './package.types.ts'].map((name) => fileURLToPath(new URL(name, import.meta.url)));

test('the typed tRPC client refuses at compile time what the API refuses at run time, with the package type as with the server type', () => {
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => !d.file || files.includes(d.file.fileName) || d.file.fileName.includes('/packages/trpc/src/'));
  const messages = diagnostics.map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return `${where ? `${d.file?.fileName.split('/').slice(-2).join('/')} line ${where.line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  expect(messages).toEqual([]);
}, 180_000); // one type-check of the whole program: 15 s here, more on a loaded machine
