/**
 * Writes packages/trpc/src/appRouter.ts: the server's AppRouter type spelled out in full (every
 * procedure's kind, input, output and the error shape), read from the server's routers with the
 * TypeScript checker. It is what lets @workforce/trpc ship the router's type without any server
 * code or server type (its context, ORM, logger): the printed types are plain structures. Run by
 * `make openapi`; tests/trpc/trpcPackage.types.test.ts fails when the committed file has drifted.
 * Not a general declaration bundler: a named type it cannot spell out stops it, naming the type.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoRoot = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const TARGET = path.join(repoRoot, 'packages/trpc/src/appRouter.ts');

/** The procedure type of each kind of procedure (a subscription's output is what it yields). */
const PROCEDURE_TYPES: Record<string, string> = {
  '"query"': 'TRPCQueryProcedure',
  '"mutation"': 'TRPCMutationProcedure',
  '"subscription"': 'TRPCSubscriptionProcedure',
};

const PRINT =
  ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias | ts.TypeFormatFlags.UseStructuralFallback;

/** The text of packages/trpc/src/appRouter.ts for the routers as they are now, formatted as Biome formats the rest. */
export function appRouterSource(): string {
  return execFileSync(path.join(repoRoot, 'node_modules/.bin/biome'), ['format', `--stdin-file-path=${TARGET}`], {
    cwd: repoRoot,
    input: printedRouter(),
    encoding: 'utf8',
  });
}

function printedRouter(): string {
  const entry = path.join(repoRoot, 'routers/index.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(repoRoot, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram({ rootNames: [entry], options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  const exported = module && checker.getExportsOfModule(module).find((s) => s.name === 'appRouter');
  if (!exported) throw new Error('routers/index.ts exports no appRouter');

  const member = (type: ts.Type, name: string): ts.Type => {
    const symbol = type.getProperty(name);
    if (!symbol) throw new Error(`${checker.typeToString(type)} has no member ${name}`);
    return checker.getTypeOfSymbol(symbol);
  };

  /** Named types of the server's own sources met while printing: spelled out once, as declarations. */
  const named = new Map<string, string>();
  const print = (type: ts.Type): string => {
    collectNamed(type, new Set());
    return checker.typeToString(type, undefined, PRINT);
  };
  const isServerSource = (declaration: ts.Declaration) => {
    const file = declaration.getSourceFile().fileName;
    return file.startsWith(repoRoot) && !file.includes('/node_modules/');
  };
  const collectNamed = (type: ts.Type, seen: Set<ts.Type>): void => {
    if (seen.has(type)) return;
    seen.add(type);
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    if (
      symbol &&
      declaration &&
      isServerSource(declaration) &&
      (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)) &&
      !named.has(symbol.name)
    ) {
      named.set(symbol.name, ''); // before the members, so that a recursive type ends
      const members = checker.getPropertiesOfType(type).map((property) => {
        const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
        return `${property.name}${optional}: ${print(checker.getTypeOfSymbol(property))};`;
      });
      if (
        checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0 ||
        checker.getIndexInfosOfType(type).length
      ) {
        throw new Error(
          `cannot spell out ${symbol.name} (${declaration.getSourceFile().fileName}): give it a plain shape`,
        );
      }
      named.set(symbol.name, `export interface ${symbol.name} {\n${members.map((m) => `  ${m}`).join('\n')}\n}`);
      return;
    }
    if (type.isUnionOrIntersection()) for (const part of type.types) collectNamed(part, seen);
    if (type.flags & ts.TypeFlags.Object) {
      for (const argument of checker.getTypeArguments(type as ts.TypeReference) ?? []) collectNamed(argument, seen);
      for (const property of type.getProperties()) collectNamed(checker.getTypeOfSymbol(property), seen);
    }
  };

  const root = member(member(member(checker.getTypeOfSymbol(exported), '_def'), '_config'), '$types');
  const errorShape = print(member(root, 'errorShape'));

  /** A router's record: procedures, and nested records of procedures. */
  const record = (type: ts.Type, indent: string): string => {
    const lines = type.getProperties().map((property) => {
      const value = checker.getTypeOfSymbol(property);
      const def = value.getProperty('_def') && member(value, '_def');
      if (!def?.getProperty('procedure')) {
        const nested = def ? member(def, 'record') : value;
        return `${indent}${property.name}: ${record(nested, `${indent}  `)};`;
      }
      const kind = checker.typeToString(member(def, 'type'));
      const procedure = PROCEDURE_TYPES[kind];
      if (!procedure)
        throw new Error(`${property.name}: a ${kind} procedure; only queries, mutations and subscriptions are shipped`);
      const types = member(def, '$types');
      return (
        `${indent}${property.name}: ${procedure}<{\n` +
        `${indent}  input: ${print(member(types, 'input'))};\n` +
        `${indent}  output: ${print(member(types, 'output'))};\n` +
        `${indent}  meta: ProcedureMeta;\n` +
        `${indent}  errorShape: ErrorShape;\n` +
        `${indent}}>;`
      );
    });
    return `{\n${lines.join('\n')}\n${indent.slice(2)}}`;
  };
  const procedures = record(member(member(checker.getTypeOfSymbol(exported), '_def'), 'record'), '  ');
  const transformer = checker.typeToString(member(root, 'transformer'));

  return `// Generated by packages/trpc/scripts/generateRouterType.ts from the server's routers (make openapi).
// Do not edit: tests/trpc/trpcPackage.types.test.ts fails when this file differs from what the routers say.
import type {
  TRPCBuiltRouter,
  TRPCMutationProcedure,
  TRPCQueryProcedure,
  TRPCSubscriptionProcedure,
} from '@trpc/server';
// What a subscription yields to the client (its event with the event's id); tRPC exports the type only here.
import type { TrackedData } from '@trpc/server/unstable-core-do-not-import';
${[...named.values()].map((declaration) => `\n${declaration}\n`).join('')}
/** The body of every /trpc error: \`data.code\` is the problem code of decisions §2. */
export type ErrorShape = ${errorShape};

/** Server-side procedure meta (route, scope, error codes): nothing a client reads. */
type ProcedureMeta = object;

/** The Workforce API's tRPC router, as \`createTRPCClient<AppRouter>\` needs it. */
export type AppRouter = TRPCBuiltRouter<
  { ctx: object; meta: ProcedureMeta; errorShape: ErrorShape; transformer: ${transformer} },
  ${procedures}
>;
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TARGET, appRouterSource());
  console.log(`wrote ${path.relative(process.cwd(), TARGET)}`);
}
