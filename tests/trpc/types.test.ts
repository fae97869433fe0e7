import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';

// Runs the type-level tests of tests/trpc/client.types.ts in the suite (so in CI too, not only in
// `make check`): the file must compile with the project's options and not one diagnostic, so every
// `@ts-expect-error` in it is still an error and the typing checks hold.

const file = fileURLToPath(new URL('./client.types.ts', import.meta.url));
const configPath = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

test('the typed tRPC client refuses at compile time what the API refuses at run time', () => {
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram([file], { ...config.options, noEmit: true });
  const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName === file || !d.file);
  const messages = diagnostics.map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return `${where ? `line ${where.line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  expect(messages).toEqual([]);
}, 60_000);
