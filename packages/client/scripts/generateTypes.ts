// Writes packages/client/src/openapi.ts: the types of the committed openapi.json, by openapi-typescript,
// with every path keyed by its full URL path; and packages/client/src/types.ts: a name for each of
// them an integrator writes (records, request bodies, queries). Run by `make openapi`; the drift
// test compares its output with the committed files. Not part of the published package.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

const packageRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
export const documentPath = path.resolve(packageRoot, '../../openapi.json');
export const typesPath = path.join(packageRoot, 'src/openapi.ts');
export const namedTypesPath = path.join(packageRoot, 'src/types.ts');

const HEADER = `// The Workforce REST API's types, generated from openapi.json by scripts/generateTypes.ts (\`make openapi\`).
// Not edited by hand: the suite fails when this file and the document disagree.
`;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
type PathItem = NonNullable<OpenAPI3['paths']>[string] & Record<string, unknown>;
type Servers = { url: string }[] | undefined;

/** The path part of a server URL, without a trailing slash: '/v1' for '/v1' or 'https://x/v1/', '' for '/'. */
function prefixOf(servers: Servers): string {
  const url = servers?.[0]?.url ?? '/';
  return new URL(url, 'http://origin.invalid').pathname.replace(/\/+$/, '');
}

/**
 * The document's paths re-keyed by the URL path a client calls: each operation goes under the
 * prefix of the servers that apply to it (its own, else its path item's, else the document's), so
 * `/employees` becomes `/v1/employees` while `/oauth/token`, served at the root, stays.
 */
export function withFullPaths(doc: OpenAPI3): OpenAPI3 {
  const paths: Record<string, PathItem> = {};
  for (const [template, item] of Object.entries(doc.paths ?? {}) as [string, PathItem][]) {
    const { parameters, servers, summary, description } = item as PathItem & { servers?: Servers };
    for (const method of METHODS) {
      const operation = item[method] as ({ servers?: Servers } & object) | undefined;
      if (!operation) continue;
      const full = `${prefixOf(operation.servers ?? servers ?? doc.servers)}${template}`;
      paths[full] ??= { parameters, summary, description } as PathItem;
      paths[full][method] = operation as never;
    }
  }
  return { ...doc, paths };
}

/** The TypeScript source of the types of `documentText` (an OpenAPI 3.1 document as JSON). */
export async function generateTypes(documentText: string): Promise<string> {
  const doc = withFullPaths(JSON.parse(documentText) as OpenAPI3);
  return HEADER + astToString(await openapiTS(doc));
}

const NAMED_HEADER = `// The Workforce REST API's named types, generated from openapi.json by scripts/generateTypes.ts
// (\`make openapi\`). Not edited by hand: the suite fails when this file and the document disagree.
// Each is an alias into openapi.ts: a record is its schema's name; an operation's request body and
// query are its operationId in PascalCase followed by Body or Query (employees-create: EmployeesCreateBody).
import type { components, operations } from './openapi.js';
`;

/** The names openapi.ts exports: a named type must not shadow them in the package's exports. */
const OPENAPI_EXPORTS = ['paths', 'webhooks', 'components', '$defs', 'operations'];

type Operation = { operationId?: string; parameters?: Parameter[]; requestBody?: RequestBody };
type Parameter = { in?: string; $ref?: string };
type RequestBody = { content?: object; $ref?: string };

/** 'leaveRequests-create' → 'LeaveRequestsCreate': each part of the id, its first letter upper-case. */
function pascalCase(operationId: string): string {
  return operationId
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/**
 * The source of src/types.ts for `documentText`: one alias per component schema, per operation's
 * request body (its JSON one when it has several media types) and per operation's query. Throws when
 * an operation has no operationId, or when two of them would take one name.
 */
export function generateNamedTypes(documentText: string): string {
  const doc = withFullPaths(JSON.parse(documentText) as OpenAPI3);
  const owners = new Map<string, string>(OPENAPI_EXPORTS.map((name) => [name, `openapi.ts's ${name}`]));
  const lines: string[] = [];
  const add = (name: string, owner: string, comment: string, type: string) => {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`${name}: the name of ${owner} is not a TypeScript name`);
    const taken = owners.get(name);
    if (taken) throw new Error(`${name}: ${taken} and ${owner} would both be named so; rename one in the document`);
    owners.set(name, owner);
    lines.push('', `/** ${comment} */`, `export type ${name} = ${type};`);
  };
  for (const name of Object.keys(doc.components?.schemas ?? {})) {
    add(name, `the schema ${name}`, `The ${name} schema.`, `components['schemas']['${name}']`);
  }
  /** A parameter or request body itself, or the one of `components` its `$ref` names. */
  const resolve = <T extends { $ref?: string }>(value: T): T => {
    const [, , kind, name] = value.$ref?.split('/') ?? [];
    return kind ? ((doc.components as Record<string, Record<string, T>>)[kind][name] as T) : value;
  };
  const inQuery = (p: Parameter) => resolve(p).in === 'query';
  for (const [template, item] of Object.entries(doc.paths ?? {}) as [string, PathItem][]) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const call = `${method.toUpperCase()} ${template}`;
      const id = operation.operationId;
      if (!id) throw new Error(`${call} has no operationId: its named types would have no name`);
      const base = pascalCase(id);
      const media = Object.keys((operation.requestBody && resolve(operation.requestBody).content) ?? {});
      const bodyMedia = media.includes('application/json') ? 'application/json' : media[0];
      if (bodyMedia) {
        const type = `NonNullable<operations['${id}']['requestBody']>['content']['${bodyMedia}']`;
        add(`${base}Body`, `the body of ${id}`, `The request body of ${call} (${id}).`, type);
      }
      const parameters = [...((item.parameters ?? []) as Parameter[]), ...(operation.parameters ?? [])];
      if (parameters.some(inQuery)) {
        const type = `NonNullable<operations['${id}']['parameters']['query']>`;
        add(`${base}Query`, `the query of ${id}`, `The query parameters of ${call} (${id}).`, type);
      }
    }
  }
  return `${NAMED_HEADER}${lines.join('\n')}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const documentText = readFileSync(documentPath, 'utf8');
  writeFileSync(typesPath, await generateTypes(documentText));
  writeFileSync(namedTypesPath, generateNamedTypes(documentText));
  console.info(`wrote ${path.relative(process.cwd(), typesPath)} and ${path.relative(process.cwd(), namedTypesPath)}`);
}
