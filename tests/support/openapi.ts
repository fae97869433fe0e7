import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the module.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

type Json = Record<string, unknown>;

/**
 * ajv as the suite judges JSON with it: JSON Schema 2020-12 (the dialect of OpenAPI 3.1's schemas),
 * every format checked, every violation reported; strict: false lets OpenAPI's own members (paths,
 * info, x-…, discriminator) sit beside the schemas.
 */
export function schemaValidator(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** The served document's id inside ajv; response schemas are compiled as $refs into it. */
const DOC_ID = 'https://workforce.test/openapi.json';

/** `/v1/employees/` and `/v1/employees` are one route (the server ignores trailing slashes). */
const withoutTrailingSlash = (pathname: string) => pathname.replace(/(?<=.)\/+$/, '');

/**
 * The path prefix of a server list: `/v1` for `[{ url: "/v1" }]`, `` for `[{ url: "/" }]`. A
 * relative server URL resolves against the document's own URL (/openapi.json, at the root).
 */
function prefixOf(servers: unknown): string {
  const url = (servers as { url?: string }[] | undefined)?.[0]?.url ?? '/';
  return new URL(url, 'https://workforce.test/openapi.json').pathname.replace(/\/+$/, '');
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Methods whose name fetch normalises to upper case; any other is sent exactly as written. */
const NORMALISED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

/**
 * Answers decided before any operation runs, which no operation documents: the route table's 404
 * (no documented path) and 405 (a documented path without that method), the answers of Node's
 * HTTP server to a request it refuses before the app sees it (server/http/httpServer.ts): 400
 * malformed_request, 408 request_timeout, 431 request_header_fields_too_large, and a CORS preflight's
 * refusal (an OPTIONS, which no operation has: 403 cors_origin_not_allowed; server/http/pipeline/edge.ts).
 * Each is a problem document of exactly that code, valid against the document's Problem schema. A
 * preflight's acceptance is a 204 without a body.
 */
const PRE_OPERATION: Record<'noPath' | 'noMethod' | 'node' | 'preflight', Record<number, string>> = {
  noPath: { 404: 'not_found' },
  noMethod: { 405: 'method_not_allowed' },
  node: { 400: 'malformed_request', 408: 'request_timeout', 431: 'request_header_fields_too_large' },
  preflight: { 403: 'cors_origin_not_allowed' },
};

/** One response as received: what `Contract.check` judges. */
export interface Exchange {
  /** The method as sent on the wire. */
  method: string;
  /** The URL answered (after the URL parser resolved `.` and `..`). */
  url: string;
  status: number;
  headers: Headers;
  /** The body's text ('' for none, and for HEAD). */
  body: string;
}

/** A response that does not match the served OpenAPI document. */
export class ContractDrift extends Error {
  override name = 'ContractDrift';
}

/**
 * The served OpenAPI document, compiled for checking responses: its /v1 route table once, and each
 * response schema (and header schema) on first use, once per document (see `contractOf`).
 */
export class Contract {
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();
  /**
   * Each path of the document with the prefix it is served under: the document's server (`/v1`),
   * or the server its operations name instead (POST /oauth/token is at the root, `servers: [{ url: "/" }]`).
   */
  readonly #routes: { template: string; prefix: string; pattern: RegExp; item: Json }[];

  constructor(readonly doc: Json) {
    this.#ajv = schemaValidator();
    this.#ajv.addSchema({ ...doc, $id: DOC_ID });
    const base = prefixOf(doc.servers);
    this.#routes = Object.entries(doc.paths as Record<string, Json>).map(([template, item]) => {
      const own = Object.values(item).find(
        (op): op is Json => typeof op === 'object' && op !== null && 'servers' in op,
      );
      const prefix = own ? prefixOf(own.servers) : base;
      const escaped = `${prefix}${template}`.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
      return { template, prefix, pattern: new RegExp(`^${escaped}$`), item };
    });
  }

  /** The document's path template a path under /v1 (`/employees/…`, without /v1) answers to. */
  templateOf(subPath: string): string | undefined {
    return this.#routes.find((r) => r.prefix === '/v1' && r.pattern.test(`/v1${subPath}`))?.template;
  }

  /** The route of a request's pathname, wherever the document serves it. */
  #routeOf(pathname: string) {
    const path = withoutTrailingSlash(pathname);
    return this.#routes.find((r) => r.pattern.test(path));
  }

  /** Whether the document describes answers to `pathname`: anything under /v1, and its paths elsewhere. */
  covers(pathname: string): boolean {
    return pathname === '/v1' || pathname.startsWith('/v1/') || this.#routeOf(pathname) !== undefined;
  }

  /**
   * The body of an answer decided before any operation of a documented path (405): the error body
   * of that path's operations, without their narrowing to their own codes. A Problem document in
   * application/problem+json under /v1; the RFC 6749 error body in application/json on /oauth/token.
   */
  #pathErrorBody(item: Json): { media: string; at: string[] } {
    for (const operation of Object.values(item) as Json[]) {
      for (const [status, response] of Object.entries((operation?.responses ?? {}) as Record<string, Json>)) {
        if (Number(status) < 400 || Number(status) >= 500) continue;
        const [media, content] = Object.entries((response.content ?? {}) as Record<string, Json>)[0] ?? [];
        const schema = content?.schema as Json | undefined;
        const base = ((schema?.allOf as Json[] | undefined)?.[0] ?? schema) as Json | undefined;
        if (media && typeof base?.$ref === 'string') return { media, at: base.$ref.replace(/^#\//, '').split('/') };
      }
    }
    return { media: 'application/problem+json', at: ['components', 'schemas', 'Problem'] };
  }

  /** The schema at `at` (a JSON pointer into the document), compiled once. */
  #validator(at: string): ValidateFunction {
    let validate = this.#compiled.get(at);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `${DOC_ID}#/${at}` });
      this.#compiled.set(at, validate);
    }
    return validate;
  }

  #errors(validate: ValidateFunction): string {
    return (validate.errors ?? [])
      .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`)
      .join('\n  ');
  }

  /**
   * Asserts that a webhook delivery (its headers, lower-case as Node gives them, and its raw body)
   * is what the document's `webhooks` entry of its type says: every header parameter it requires
   * present, each documented header valid against its schema, the body valid against its request
   * body schema. A type the section does not name is a drift too.
   */
  checkDelivery(delivery: { headers: Record<string, string>; body: string }): void {
    let body: unknown;
    try {
      body = JSON.parse(delivery.body);
    } catch {
      throw new ContractDrift(`a webhook delivery whose body is not JSON: ${delivery.body.slice(0, 500)}`);
    }
    const type = (body as Json | null)?.type;
    const webhooks = (this.doc.webhooks ?? {}) as Record<string, { post?: Json }>;
    const operation = typeof type === 'string' ? webhooks[type]?.post : undefined;
    if (!operation) {
      throw new ContractDrift(`a webhook delivery of type ${JSON.stringify(type)}: the document has no such webhook`);
    }
    const at = ['webhooks', type as string, 'post'];
    const fail = (message: string): never => {
      throw new ContractDrift(`webhook ${String(type)}: ${message}\n  body: ${delivery.body.slice(0, 2000)}`);
    };
    for (const parameter of (operation.parameters ?? []) as Json[]) {
      const ref = parameter.$ref as string | undefined;
      const schemaAt = ref ? `${ref.replace(/^#\//, '')}/schema` : undefined;
      const resolved = (ref ? this.#resolve(ref) : parameter) as Json;
      if (resolved.in !== 'header') continue;
      const name = resolved.name as string;
      const value = delivery.headers[name.toLowerCase()];
      if (value === undefined) {
        if (resolved.required) fail(`no ${name} header, which the document requires`);
        continue;
      }
      const validate = this.#validator(schemaAt ?? pointer(...at, 'parameters', String(name), 'schema'));
      const numeric = /^-?\d+$/.test(value) ? Number(value) : undefined;
      if (!validate(value) && (numeric === undefined || !validate(numeric))) {
        fail(`its ${name} header ${JSON.stringify(value)} does not match the document: ${this.#errors(validate)}`);
      }
    }
    const validate = this.#validator(pointer(...at, 'requestBody', 'content', 'application/json', 'schema'));
    if (!validate(body)) fail(`the body does not match the document:\n  ${this.#errors(validate)}`);
  }

  /**
   * Whether `value` is valid against the schema at `at` in the document (its path: `paths`,
   * `/employees`, `post`, `requestBody`, …): what a client validating against the document decides.
   */
  accepts(at: readonly string[], value: unknown): boolean {
    return this.#validator(pointer(...at))(value) === true;
  }

  /** The node a local `$ref` (`#/components/parameters/webhook-id`) names. */
  #resolve(ref: string): unknown {
    let node: unknown = this.doc;
    for (const part of ref.replace(/^#\//, '').split('/')) {
      node = (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (node === undefined) throw new Error(`The OpenAPI document has no ${ref}`);
    return node;
  }

  /**
   * Asserts that `body` is what the document says `method template` answers with `status` (a
   * template as in the document's paths, with or without `/v1`: `GET /v1/leave-types/{id}`).
   */
  expectBody(method: string, pathTemplate: string, status: number, body: unknown): void {
    const path = pathTemplate.replace(/^\/v1(?=\/)/, '');
    const m = method.toLowerCase();
    const operation = (this.doc.paths as Record<string, Json> | undefined)?.[path]?.[m] as Json | undefined;
    if (!operation) throw new Error(`The OpenAPI document has no operation ${method.toUpperCase()} ${path}`);
    const response = (operation.responses as Record<string, Json>)[String(status)];
    if (!response) throw new Error(`${method.toUpperCase()} ${path} documents no ${status} response`);
    const content = (response.content ?? {}) as Record<string, Json>;
    const type = ['application/json', 'application/problem+json'].find((t) => content[t]) ?? Object.keys(content)[0];
    if (!type || !content[type].schema) {
      throw new Error(`${method.toUpperCase()} ${path} ${status} documents no response body schema`);
    }
    const validate = this.#validator(pointer('paths', path, m, 'responses', String(status), 'content', type, 'schema'));
    if (!validate(body)) {
      throw new ContractDrift(
        `${method.toUpperCase()} ${path} ${status}: the body does not match the OpenAPI document:\n  ${this.#errors(validate)}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
      );
    }
  }

  /**
   * Checks one response against the document; throws a `ContractDrift` naming the request, the
   * status and what differs. The document's are /v1 and the paths it serves elsewhere (the token
   * endpoint, by its operation's `servers`): any other path passes unchecked.
   *   - A documented path and method: the status is one the operation documents (HEAD: GET's), the
   *     Content-Type one its response documents, the body valid against that media type's schema
   *     (HEAD: no body), and every documented response header that is present valid against its
   *     schema.
   *   - Otherwise only an answer of PRE_OPERATION, a problem document of its code (on a documented
   *     path, in that path's error body: the token endpoint's 405 is its RFC 6749 body).
   *   An error body's `code` must be one its response lists (the schema narrows it).
   */
  check(x: Exchange): void {
    const { pathname } = new URL(x.url);
    if (!this.covers(pathname)) return;
    const route = this.#routeOf(pathname);
    const template = route?.template;
    const item = route?.item;
    // An operation's method is upper case on the wire; `patch` as sent is another method (405).
    const wire = x.method;
    const method = wire === wire.toUpperCase() ? (wire === 'HEAD' ? 'get' : wire.toLowerCase()) : undefined;
    const operation = item && method ? (item[method] as Json | undefined) : undefined;
    const what = `${wire} ${pathname} answered ${x.status}`;
    const fail = (message: string): never => {
      throw new ContractDrift(`${what}: ${message}\n  body: ${x.body.slice(0, 2000)}`);
    };

    let at: string[];
    let response: Json;
    let preOperationCode: string | undefined;
    const documented = operation && (operation.responses as Record<string, Json>)[String(x.status)];
    if (documented) {
      response = documented;
      at = ['paths', template as string, method as string, 'responses', String(x.status)];
    } else {
      const preflight = wire === 'OPTIONS' && !operation;
      if (preflight && x.status === 204) {
        if (x.body) fail('a preflight accepted has no body');
        return;
      }
      const kind = !item ? 'noPath' : !operation ? 'noMethod' : undefined;
      preOperationCode =
        (kind && PRE_OPERATION[kind][x.status]) ||
        PRE_OPERATION.node[x.status] ||
        (preflight ? PRE_OPERATION.preflight[x.status] : undefined);
      if (!preOperationCode) {
        const documentedStatuses = operation ? Object.keys(operation.responses as Json).join(', ') : '';
        fail(
          operation
            ? `${wire} ${template} documents ${documentedStatuses}, not ${x.status}`
            : item
              ? `the document has no ${wire} ${template}, and ${x.status} is no answer of the route table`
              : `no path of the document matches, and ${x.status} is no answer of the route table`,
        );
      }
      const body =
        item && kind === 'noMethod' && PRE_OPERATION.noMethod[x.status]
          ? this.#pathErrorBody(item)
          : { media: 'application/problem+json', at: ['components', 'schemas', 'Problem'] };
      response = { content: { [body.media]: { schema: { $ref: `#/${body.at.join('/')}` } } } };
      at = body.at;
    }

    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const value = x.headers.get(name);
      if (value === null) continue;
      const schemaAt =
        typeof header.$ref === 'string'
          ? `${header.$ref.replace(/^#\//, '')}/schema`
          : pointer(...at, 'headers', name, 'schema');
      const validate = this.#validator(schemaAt);
      const numeric = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
      if (!validate(value) && (numeric === undefined || !validate(numeric))) {
        fail(`its ${name} header ${JSON.stringify(value)} does not match the document: ${this.#errors(validate)}`);
      }
    }

    const content = (response.content ?? {}) as Record<string, Json>;
    const media = x.headers.get('content-type')?.split(';')[0].trim().toLowerCase();
    if (!Object.keys(content).length) {
      if (x.body) fail('the document says no body');
      return;
    }
    if (!media || !content[media])
      fail(`Content-Type ${media} is not the documented ${Object.keys(content).join(', ')}`);
    if (wire === 'HEAD') return;
    // A JSON media type's body is judged parsed; any other (the sign-in's text/html pages) as its text.
    const json = media === 'application/json' || Boolean(media?.endsWith('+json'));
    let body: unknown = x.body;
    if (json) {
      try {
        body = JSON.parse(x.body);
      } catch {
        fail('the body is not JSON');
      }
    }
    if (preOperationCode) {
      if ((body as Json | null)?.code !== preOperationCode)
        fail(`an undocumented answer that is not ${preOperationCode}`);
    } else {
      at = [...at, 'content', media as string, 'schema'];
    }
    const validate = this.#validator(pointer(...at));
    if (!validate(body)) fail(`the body does not match the document:\n  ${this.#errors(validate)}`);
  }
}

const contracts = new Map<string, Contract>();

/** The compiled contract of a served document's text; one per distinct document. */
export function contractOf(documentText: string): Contract {
  let contract = contracts.get(documentText);
  if (!contract) {
    contract = new Contract(JSON.parse(documentText) as Json);
    contracts.set(documentText, contract);
  }
  return contract;
}

/** The contract of the server at `baseUrl`: its GET /openapi.json, fetched when first asked for, then kept. */
export function servedContract(baseUrl: string): () => Promise<Contract> {
  let served: Promise<Contract> | undefined;
  return () => {
    served ??= (async () => {
      const res = await fetch(`${baseUrl}/openapi.json`);
      if (res.status !== 200) throw new Error(`GET ${baseUrl}/openapi.json answered ${res.status}`);
      return contractOf(await res.text());
    })();
    // A failed fetch is not kept: the next response tries again.
    served.catch(() => {
      served = undefined;
    });
    return served;
  };
}

/**
 * A fetch against `baseUrl` (`f('/v1/employees', init)`) that checks every response of the
 * document's paths (/v1, and /oauth/token) against the served document before it hands it on
 * (`Contract.check`). The test still reads the whole
 * response; a response whose body cannot be read (an aborted request) is handed on unchecked.
 */
export function validatingFetch(
  baseUrl: string,
  contract: () => Promise<Contract>,
): (path: string, init?: RequestInit) => Promise<Response> {
  return async (path, init) => {
    const res = await fetch(`${baseUrl}${path}`, init);
    const url = res.url || `${baseUrl}${path}`;
    const { pathname } = new URL(url);
    if (pathname !== '/v1' && !pathname.startsWith('/v1/')) {
      // Outside /v1 only the paths the document serves elsewhere (the token endpoint) are checked.
      const served = await contract().catch(() => undefined);
      if (!served?.covers(pathname)) return res;
    }
    let body: string;
    try {
      body = await res.clone().text();
    } catch {
      return res;
    }
    const sent = init?.method ?? 'GET';
    const method = NORMALISED.has(sent.toUpperCase()) ? sent.toUpperCase() : sent;
    (await contract()).check({ method, url, status: res.status, headers: res.headers, body });
    return res;
  };
}

/**
 * Asserts that `body` is what the served /openapi.json documents for `method pathTemplate` (a
 * template as in the document's paths, with or without `/v1`: `GET /v1/leave-types/{id}`) answering
 * `status`. `$ref`s resolve against the document's components; every violation is reported.
 */
export async function expectMatchesOpenApi(
  h: { contract(): Promise<Contract> },
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
): Promise<void> {
  (await h.contract()).expectBody(method, pathTemplate, status, body);
}
