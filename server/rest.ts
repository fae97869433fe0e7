import type { IncomingMessage } from 'node:http';
import { TRPCError } from '@trpc/server';
import type { Context as KoaContext } from 'koa';
import type { z } from 'zod';
import { type RequestState, requestStateOf } from '../api/context.js';
import { type ApiError, toProblem } from '../api/errors.js';
import { type Meta, toApiError } from '../api/trpc.js';
import type { Scope } from '../domain/scopes.js';
import type { AppRouter } from '../routers/index.js';

/**
 * The /v1 surface: each procedure with OpenAPI meta served at its method and path, as
 * trpc-to-openapi's node-http adapter serves it (the same route matching, the same input built
 * from the query or body and the path parameters, the same procedure call), but with everything
 * that does not depend on the request worked out once at start: the route and operation tables,
 * their regexes, which inputs are void. No Fetch Request, AbortSignal or caller proxy is built per
 * call, and neither trpc-to-openapi nor its OpenAPI generator is loaded to serve
 * (docs/decisions.md, "What a process loads").
 */

/** Headers an error carries (WWW-Authenticate, Retry-After), for both /v1 and /trpc. */
export function errorHeaders(errors: TRPCError[], type: string): Record<string, string> {
  return errors.length ? toApiError(errors[0], type).headers : {};
}

type ProcedureType = 'query' | 'mutation' | 'subscription';

/** What tRPC's procedure function takes; the same call `router.createCaller(ctx).a.b(input)` makes. */
type CallableProcedure = ((opts: {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: ProcedureType;
  signal: AbortSignal | undefined;
  batchIndex: number;
}) => Promise<unknown>) & { _def: { type: ProcedureType; inputs: z.core.$ZodType[]; meta?: Meta } };

type Procedures = Record<string, CallableProcedure>;

/** The procedures that have an OpenAPI route, in the router's order (the order of the document's paths). */
function openApiProcedures(router: AppRouter): [string, CallableProcedure, NonNullable<Meta['openapi']>, Meta][] {
  const list: [string, CallableProcedure, NonNullable<Meta['openapi']>, Meta][] = [];
  for (const [path, procedure] of Object.entries(router._def.procedures as unknown as Procedures)) {
    const meta = procedure._def.meta;
    if (meta?.openapi && meta.openapi.enabled !== false) list.push([path, procedure, meta.openapi, meta]);
  }
  return list;
}

/** The route table of /v1 (path template → methods), for 404 vs 405 and the Allow header. */
export interface RestRoute {
  pattern: RegExp;
  template: string;
  methods: string[];
  /** The methods, and HEAD wherever GET is (RFC 9110 §9.3.2); `allow` is the Allow header. */
  allowed: readonly string[];
  allow: string;
  /** Whether its operations need a credential, i.e. answer with tenant data (never cached). */
  tenantData: boolean;
  /** The position of the `{id}` segment in the template split at `/`, or -1. */
  idSegment: number;
  /** The names of the template's path parameters (`{id}` → id). */
  params: readonly string[];
  /** The scope each method's procedure demands (none: anonymous or any credential). */
  scopes: Readonly<Record<string, Scope | undefined>>;
}

/**
 * The /v1 route table, from the procedures' meta: the same table the served OpenAPI document's
 * paths give (each operation is secured unless `protect: false` without a scope), in its order.
 */
export function restRoutes(router: AppRouter): RestRoute[] {
  const byTemplate = new Map<
    string,
    { methods: string[]; tenantData: boolean; scopes: Record<string, Scope | undefined> }
  >();
  for (const [, , openapi, meta] of openApiProcedures(router)) {
    const route = byTemplate.get(openapi.path) ?? { methods: [], tenantData: false, scopes: {} };
    route.methods.push(openapi.method.toUpperCase());
    route.scopes[openapi.method.toUpperCase()] = meta.scope;
    route.tenantData ||= meta.scope !== undefined || (openapi.protect ?? true);
    byTemplate.set(openapi.path, route);
  }
  return [...byTemplate].map(([template, { methods, tenantData, scopes }]) => {
    const allowed = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    return {
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      methods,
      allowed,
      allow: allowed.join(', '),
      tenantData,
      idSegment: template.split('/').indexOf('{id}'),
      params: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
      scopes,
    };
  });
}

/** The schema inside optional/nullable/default wrappers. */
function unwrapped(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType };
  return ['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type) && def.innerType
    ? unwrapped(def.innerType)
    : schema;
}

/**
 * The number fields of each GET operation's query, by path template (`/employees` → limit): a
 * query string spells them in ASCII digits, which the adapter turns into the number; any other
 * spelling stays a string for the schema to refuse.
 */
function queryNumberFields(router: AppRouter): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  for (const { _def } of Object.values(router._def.procedures as unknown as Procedures)) {
    const openapi = _def.meta?.openapi;
    const shape = (_def.inputs[0]?._zod.def as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape;
    if (openapi?.method !== 'GET' || !shape) continue;
    const numbers = Object.keys(shape).filter((name) => unwrapped(shape[name])._zod.def.type === 'number');
    fields.set(openapi.path, new Set(numbers));
  }
  return fields;
}

const DIGITS = /^[0-9]+$/;

/**
 * Whether an input takes nothing (`z.void()`), seen through the wrappers trpc-to-openapi looks
 * through: then the procedure gets no input at all, not an object of query parameters.
 */
function takesNoInput(inputs: z.core.$ZodType[]): boolean {
  if (inputs.length !== 1) return false;
  let schema: z.core.$ZodType | undefined = inputs[0];
  for (let depth = 0; schema && depth < 32; depth++) {
    const def = schema._zod.def as Record<string, unknown> & { type: string };
    switch (def.type) {
      case 'void':
      case 'undefined':
      case 'never':
        return true;
      case 'array':
        schema = def.element as z.core.$ZodType;
        break;
      case 'nullable':
      case 'optional':
      case 'default':
      case 'prefault':
        schema = def.innerType as z.core.$ZodType;
        break;
      case 'lazy':
        schema = (def.getter as () => z.core.$ZodType)();
        break;
      case 'pipe': {
        const out = def.out as z.core.$ZodType;
        schema = (out._zod.def.type === 'transform' ? def.in : out) as z.core.$ZodType;
        break;
      }
      default:
        return false;
    }
  }
  return false;
}

/** One /v1 operation: the procedure behind `METHOD template`. */
interface Operation {
  /** The template as a regex with a named group per path parameter (trpc-to-openapi's, case-insensitive). */
  pattern: RegExp;
  /** The procedure's dotted path in the router (`employees.list`). */
  path: string;
  procedure: CallableProcedure;
  type: ProcedureType;
  noInput: boolean;
  /** Whether its input comes from the JSON body (every method but GET and DELETE) or the query. */
  fromBody: boolean;
}

/** `/a/b/` → `/a/b`: one leading and one trailing slash off, one leading slash on. */
function normalizePath(path: string): string {
  return `/${path.replace(/^\/|\/$/g, '')}`;
}

/** Paths that a WHATWG URL parser gives back unchanged (no dot segments, escapes or characters it encodes). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-_~!$&'()*+,;=:@/]*$/;

/** The path as the URL parser normalises it (dot segments resolved, some characters percent-encoded). */
function urlPath(path: string): string {
  return PLAIN_PATH.test(path) ? path : new URL(`http://127.0.0.1${path}`).pathname;
}

/** The operations by `METHOD template` (`GET /employees/{id}`): the route table has already matched the template. */
function operationTable(router: AppRouter): Map<string, Operation> {
  const table = new Map<string, Operation>();
  for (const [path, procedure, openapi] of openApiProcedures(router)) {
    if (procedure._def.type === 'subscription') continue;
    const grouped = normalizePath(openapi.path).replace(/\{(.+?)\}/g, (_, key) => `(?<${key}>[^/]+)`);
    const method = openapi.method;
    table.set(`${method} ${openapi.path}`, {
      pattern: new RegExp(`^${grouped}$`, 'i'),
      path,
      procedure,
      type: procedure._def.type,
      noInput: takesNoInput(procedure._def.inputs),
      fromBody: method !== 'GET' && method !== 'DELETE',
    });
  }
  return table;
}

/** What the adapter's `getErrorFromUnknown` makes of a throw: a TRPCError as it is, anything else a 500. */
function trpcErrorOf(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === 'TRPCError') return cause as TRPCError;
  const error = new TRPCError({
    message: 'Internal server error',
    code: 'INTERNAL_SERVER_ERROR',
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}

/**
 * The query as trpc-to-openapi reads it: every value kept (empty ones too, so `?limit=` is
 * rejected rather than defaulted), a parameter given once is its value, one given several times
 * the list of them; number fields spelled in ASCII digits become the number.
 */
function queryInput(querystring: string, numbers: Set<string> | undefined): Record<string, unknown> {
  const values: Record<string, (string | number)[]> = Object.create(null);
  if (querystring) {
    for (const [key, value] of new URLSearchParams(querystring)) {
      const typed = numbers?.has(key) && DIGITS.test(value) ? Number(value) : value;
      const list = values[key];
      if (list) list.push(typed);
      else values[key] = [typed];
    }
  }
  const query: Record<string, unknown> = {};
  for (const key of Object.keys(values)) {
    const list = values[key];
    query[key] = list.length === 1 ? list[0] : list;
  }
  return query;
}

export function createRestHandler(
  router: AppRouter,
  baseUrl: string,
  onInternalError: (e: TRPCError, s: RequestState) => void,
) {
  const numberFields = queryNumberFields(router);
  const operations = operationTable(router);

  const problem = (ctx: KoaContext, error: ApiError): RestOutcome => ({
    status: error.status,
    contentType: 'application/problem+json',
    body: JSON.stringify(toProblem(error, baseUrl, ctx.state.requestId)),
    headers: error.headers,
    error,
  });

  /**
   * Runs one /v1 request to the route `template` (`/employees/{id}`) whose body (if any) the Koa
   * pipeline has already read into req.body.
   */
  return async (ctx: KoaContext, path: string, template: string): Promise<RestOutcome> => {
    const req = ctx.req as IncomingMessage & { body?: unknown };
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const target = normalizePath(urlPath(path));
    // The Koa pipeline found the route: one operation, whose pattern gives the path parameters.
    const operation = operations.get(`${method} ${template}`);
    const match = operation?.pattern.exec(target);
    let input: unknown;
    let state: RequestState | undefined;
    try {
      if (!operation || !match) throw new TRPCError({ message: 'Not found', code: 'NOT_FOUND' });
      if (!operation.noInput) {
        const given = operation.fromBody
          ? req.body
          : queryInput(ctx.querystring, method === 'GET' ? numberFields.get(template) : undefined);
        input = { ...(given as object), ...match.groups };
      }
      state = requestStateOf(req);
      const data = await operation.procedure({
        path: operation.path,
        getRawInput: async () => input,
        ctx: state,
        type: operation.type,
        signal: undefined,
        batchIndex: 0,
      });
      return { status: 200, contentType: 'application/json', body: JSON.stringify(data) ?? '', headers: {} };
    } catch (cause) {
      const error = trpcErrorOf(cause);
      const api = toApiError(error, operation?.type ?? 'unknown');
      if (api.problemCode === 'internal_error' && state) onInternalError(error, state);
      return problem(ctx, api);
    }
  };
}

/** What a /v1 procedure answered, before it is written (and, for writes, stored for replay). */
export interface RestOutcome {
  status: number;
  contentType: string;
  body: string;
  headers: Record<string, string>;
  error?: ApiError;
}

export function sendOutcome(ctx: KoaContext, outcome: RestOutcome): void {
  ctx.set(outcome.headers);
  ctx.status = outcome.status;
  ctx.type = outcome.contentType;
  ctx.body = outcome.body;
}
