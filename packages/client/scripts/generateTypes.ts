// Writes packages/client/src/openapi.ts: the types of the committed openapi.json, by openapi-typescript,
// with every path keyed by its full URL path. Run by `make openapi`; the drift test compares its
// output with the committed file. Not part of the published package.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

const packageRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
export const documentPath = path.resolve(packageRoot, '../../openapi.json');
export const typesPath = path.join(packageRoot, 'src/openapi.ts');

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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(typesPath, await generateTypes(readFileSync(documentPath, 'utf8')));
  console.info(`wrote ${path.relative(process.cwd(), typesPath)}`);
}
