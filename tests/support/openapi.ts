import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { TestServer } from './harness.js';

// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the module.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

type Json = Record<string, unknown>;

interface Validator {
  doc: Json;
  ajv: Ajv2020;
  compiled: Map<string, ValidateFunction>;
}

/** The served document's id inside ajv; response schemas are compiled as $refs into it. */
const DOC_ID = 'https://workforce.test/openapi.json';

const validators = new WeakMap<TestServer, Promise<Validator>>();

/** One ajv (JSON Schema 2020-12, the OpenAPI 3.1 dialect, with formats) per server, over its served document. */
function validatorFor(h: TestServer): Promise<Validator> {
  let v = validators.get(h);
  if (!v) {
    v = (async () => {
      const res = await h.fetch('/openapi.json');
      if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}`);
      const doc = (await res.json()) as Json;
      // strict: false lets OpenAPI's own members (paths, info, x-…) sit beside the schemas.
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema({ ...doc, $id: DOC_ID });
      return { doc, ajv, compiled: new Map() };
    })();
    validators.set(h, v);
  }
  return v;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Asserts that `body` is what the served /openapi.json documents for `method pathTemplate` (a
 * template as in the document's paths, with or without `/v1`: `GET /v1/leave-types/{id}`) answering
 * `status`. `$ref`s resolve against the document's components; every violation is reported.
 */
export async function expectMatchesOpenApi(
  h: TestServer,
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
): Promise<void> {
  const { doc, ajv, compiled } = await validatorFor(h);
  const path = pathTemplate.replace(/^\/v1(?=\/)/, '');
  const key = `${method.toLowerCase()} ${path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const operation = ((doc.paths as Record<string, Json> | undefined)?.[path]?.[method.toLowerCase()] ?? undefined) as
      | Json
      | undefined;
    if (!operation) throw new Error(`The OpenAPI document has no operation ${method.toUpperCase()} ${path}`);
    const response = (operation.responses as Record<string, Json>)[String(status)];
    if (!response) throw new Error(`${method.toUpperCase()} ${path} documents no ${status} response`);
    const content = (response.content ?? {}) as Record<string, Json>;
    const type = ['application/json', 'application/problem+json'].find((t) => content[t]) ?? Object.keys(content)[0];
    if (!type || !content[type].schema) {
      throw new Error(`${method.toUpperCase()} ${path} ${status} documents no response body schema`);
    }
    const ref = `${DOC_ID}#/${pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', type, 'schema')}`;
    validate = ajv.compile({ $ref: ref });
    compiled.set(key, validate);
  }
  if (!validate(body)) {
    const errors = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
    );
    throw new Error(
      `${method.toUpperCase()} ${path} ${status}: the body does not match the OpenAPI document:\n  ${errors.join('\n  ')}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}
