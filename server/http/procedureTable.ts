/**
 * The one table of the router's procedures (`procedureTable`), built once at start: dotted path,
 * type, scope, whether it writes, and for those with OpenAPI meta the /v1 method, path template,
 * its regex, where the input comes from. The /v1 route table, the procedure step, the /trpc write
 * path, idempotency (the scope of a write) and the OpenAPI post-processing all read it.
 *
 * The workarounds around trpc-to-openapi, whose adapter we replaced and whose generator still writes
 * the document, are decided here at start: every mutation input checked to refuse unknown fields at
 * every level (`strictnessProblems`), so a zod node kind the check does not know fails the start, not
 * a request; the query's number fields, turned from ASCII digits into numbers by the procedure step
 * instead of a coercion patch on the schemas. No Fetch Request, AbortSignal or caller proxy is built
 * per call, and neither trpc-to-openapi nor its OpenAPI generator is loaded to serve (docs/decisions.md,
 * "What a process loads").
 */
import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { RequestState } from '../../core/context.js';
import type { Scope } from '../../core/scopes.js';
import type { Meta } from '../../core/trpc.js';
import type { AppRouter } from '../../routers/index.js';

export const REST_PREFIX = '/v1';
export const TRPC_PREFIX = '/trpc';

type ProcedureType = 'query' | 'mutation' | 'subscription';

/** What tRPC's procedure function takes; the same call `router.createCaller(ctx).a.b(input)` makes. */
interface CallOptions {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: ProcedureType;
  signal: AbortSignal | undefined;
  batchIndex: number;
  input?: unknown;
}

/** What a middleware of a procedure answers, in tRPC's protocol (@trpc/server 11). */
interface MiddlewareResult {
  ok: boolean;
  data?: unknown;
  error?: TRPCError;
}

/** What `next` of a middleware may be given: a context merged over the call's, an input, a raw input. */
interface NextOptions {
  ctx?: object;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

/** A middleware of a built procedure (its `.use()`s, the input check, the resolver), as tRPC calls it. */
type Middleware = (
  opts: CallOptions & {
    meta: Meta | undefined;
    next: (nextOpts?: NextOptions) => Promise<MiddlewareResult | undefined>;
  },
) => Promise<MiddlewareResult | undefined>;

type CallableProcedure = ((opts: CallOptions) => Promise<unknown>) & {
  _def: {
    type: ProcedureType;
    inputs: z.core.$ZodType[];
    meta?: Meta;
    middlewares: Middleware[];
    experimental_caller?: boolean;
  };
};

type Procedures = Record<string, CallableProcedure>;

/** One /v1 operation: the procedure behind `METHOD template`. */
interface Operation {
  method: string;
  template: string;
  /** The template as a regex with a named group per path parameter (trpc-to-openapi's, case-insensitive). */
  pattern: RegExp;
  noInput: boolean;
  /**
   * Whether its input comes from the JSON body (every method but GET: a DELETE takes none but its
   * path, and a body with any field is refused like any unknown field) or the query.
   */
  fromBody: boolean;
  /** The status of a success: 200, or what the procedure's meta declares (202, 204 without a body). */
  successStatus: 200 | 202 | 204;
  /** The query's number fields (GET): ASCII digits become the number, any other spelling stays text. */
  queryNumbers: ReadonlySet<string>;
}

/** One procedure of the router, with what every surface needs to know about it. */
export interface ProcedureEntry {
  /** The dotted path in the router (`employees.create`), the /trpc path. */
  path: string;
  procedure: CallableProcedure;
  type: ProcedureType;
  meta: Meta;
  /** The scope it demands (none: anonymous or any credential). */
  scope?: Scope;
  /** A mutation: one transaction, Idempotency-Key accepted (server/http/pipeline/idempotency.ts). */
  writes: boolean;
  /** Its /v1 operation, when it has OpenAPI meta. */
  rest?: Operation;
}

export interface ProcedureTable {
  /** Every procedure, in the router's order (the order of the OpenAPI document's paths). */
  entries: readonly ProcedureEntry[];
  /** By dotted path (/trpc). */
  byPath: ReadonlyMap<string, ProcedureEntry>;
  /** By `METHOD template` (`GET /employees/{id}`). */
  byOperation: ReadonlyMap<string, ProcedureEntry>;
  /** The /v1 route table, one route per path template. */
  routes: readonly RestRoute[];
  /** The routes of procedures whose meta says `rateLimited: false` (decisions §5), on /v1 and /trpc. */
  unlimited: ReadonlySet<string>;
}

/**
 * The table of `router`'s procedures. Throws when a mutation's input would accept a field it does
 * not know (see strictnessProblems): the process refuses to start rather than serve it.
 */
export function procedureTable(router: AppRouter): ProcedureTable {
  const entries: ProcedureEntry[] = [];
  for (const [path, procedure] of Object.entries(router._def.procedures as unknown as Procedures)) {
    const meta = procedure._def.meta ?? {};
    const type = procedure._def.type;
    // callProcedure runs the middlewares itself: a caller of tRPC's that replaces it would be skipped.
    if (procedure._def.experimental_caller) throw new Error(`${path} has a caller of its own: callProcedure skips it`);
    if (type === 'mutation') {
      const problems = procedure._def.inputs.flatMap((input) => strictnessProblems(input));
      if (problems.length) throw new Error(`The input of ${path} is not strict: ${problems.join('; ')}`);
    }
    const openapi =
      meta.openapi && meta.openapi.enabled !== false && type !== 'subscription' ? meta.openapi : undefined;
    entries.push({
      path,
      procedure,
      type,
      meta,
      scope: meta.scope,
      writes: type === 'mutation',
      rest: openapi && operationOf(openapi.method, openapi.path, procedure, meta),
    });
  }
  const byOperation = new Map<string, ProcedureEntry>();
  for (const entry of entries) if (entry.rest) byOperation.set(`${entry.rest.method} ${entry.rest.template}`, entry);
  return {
    entries,
    byPath: new Map(entries.map((entry) => [entry.path, entry])),
    byOperation,
    routes: restRoutes(entries),
    unlimited: new Set(
      entries
        .filter((entry) => entry.meta.rateLimited === false)
        .flatMap((entry) => [
          `${TRPC_PREFIX}/${entry.path}`,
          ...(entry.rest ? [`${REST_PREFIX}${entry.rest.template}`] : []),
        ]),
    ),
  };
}

function operationOf(method: string, template: string, procedure: CallableProcedure, meta: Meta): Operation {
  const grouped = normalizePath(template).replace(/\{(.+?)\}/g, (_, key) => `(?<${key}>[^/]+)`);
  const shape = (procedure._def.inputs[0]?._zod.def as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape;
  return {
    method,
    template,
    pattern: new RegExp(`^${grouped}$`, 'i'),
    noInput: takesNoInput(procedure._def.inputs),
    fromBody: method !== 'GET',
    successStatus: meta.successStatus ?? 200,
    queryNumbers: new Set(
      method === 'GET' && shape
        ? Object.keys(shape).filter((name) => unwrapped(shape[name])._zod.def.type === 'number')
        : [],
    ),
  };
}

/** The route table of /v1 (path template → methods), for 404 vs 405 and the Allow header. */
export interface RestRoute {
  pattern: RegExp;
  template: string;
  /** `/v1<template>`: the route a request is counted (metrics) and rate limited under. */
  key: string;
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
function restRoutes(entries: readonly ProcedureEntry[]): RestRoute[] {
  const byTemplate = new Map<
    string,
    { methods: string[]; tenantData: boolean; scopes: Record<string, Scope | undefined> }
  >();
  for (const { rest, meta } of entries) {
    if (!rest) continue;
    const route = byTemplate.get(rest.template) ?? { methods: [], tenantData: false, scopes: {} };
    route.methods.push(rest.method);
    route.scopes[rest.method] = meta.scope;
    route.tenantData ||= meta.scope !== undefined || (meta.openapi?.protect ?? true);
    byTemplate.set(rest.template, route);
  }
  return [...byTemplate].map(([template, { methods, tenantData, scopes }]) => {
    const allowed = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    return {
      template,
      key: `${REST_PREFIX}${template}`,
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

/** `/a/b/` → `/a/b`: one leading and one trailing slash off, one leading slash on. */
export function normalizePath(path: string): string {
  return `/${path.replace(/^\/|\/$/g, '')}`;
}

/**
 * Runs one procedure of the table with `state` as its context, as `router.createCaller(ctx)` would,
 * its raw input from `rawInput` (/v1 and a single /trpc query call procedures this way).
 */
export async function callProcedure(
  entry: ProcedureEntry,
  state: RequestState,
  rawInput: () => unknown,
): Promise<unknown> {
  const { middlewares, meta } = entry.procedure._def;
  const options = {
    path: entry.path,
    getRawInput: async () => rawInput(),
    ctx: state,
    type: entry.type,
    signal: undefined,
    batchIndex: 0,
  };
  const result = await runMiddlewares(middlewares, meta, 0, options);
  if (!result) {
    throw new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'No result from middlewares - did you forget to `return next()`?',
    });
  }
  if (!result.ok) throw result.error;
  return result.data;
}

/**
 * The middlewares from `index` on, as tRPC's own caller runs them (`callRecursive`, @trpc/server 11):
 * each gets the call's options with `meta`, `input` and `next`, and `next` goes on with what it is
 * given merged over them; a throw is the error it answers. The same steps with native spreads: tRPC's
 * build copies the options with a helper that defines each property one by one, which cost a read
 * about 15 µs (docs/benchmarks.md).
 */
async function runMiddlewares(
  middlewares: readonly Middleware[],
  meta: Meta | undefined,
  index: number,
  options: CallOptions,
): Promise<MiddlewareResult | undefined> {
  try {
    return await middlewares[index]({
      ...options,
      meta,
      input: options.input,
      next: (next) =>
        runMiddlewares(middlewares, meta, index + 1, {
          ...options,
          ctx: next?.ctx ? { ...(options.ctx as object), ...next.ctx } : options.ctx,
          input: next && 'input' in next ? next.input : options.input,
          getRawInput: next?.getRawInput ?? options.getRawInput,
        }),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
}

/** Node kinds that hold no fields of their own: nothing to check inside. */
const LEAF_KINDS = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'date',
  'enum',
  'literal',
  'null',
  'undefined',
  'void',
  'never',
  'nan',
  'template_literal',
  'transform',
  'custom',
]);
/** Node kinds that wrap one schema (`innerType`). */
const WRAPPER_KINDS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/**
 * Why `schema` would accept a field it does not declare, one sentence per place (empty: strict).
 * Every object must be strict (`z.strictObject`: unknown keys are 400 invalid_body, decisions §1);
 * a record, `any` or `unknown` takes any field; a node kind this walk does not know is a problem
 * too, so a new kind cannot slip past unchecked (tests/http/procedureTable.startup.test.ts).
 */
export function strictnessProblems(schema: z.core.$ZodType, at = 'input'): string[] {
  const def = schema._zod.def as Record<string, unknown> & { type: string };
  const inner = (child: unknown, where = at) => strictnessProblems(child as z.core.$ZodType, where);
  if (LEAF_KINDS.has(def.type)) return [];
  if (WRAPPER_KINDS.has(def.type)) return inner(def.innerType);
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall as z.core.$ZodType | undefined;
      const own = catchall?._zod.def.type === 'never' ? [] : [`${at} accepts unknown fields (use z.strictObject)`];
      const shape = def.shape as Record<string, z.core.$ZodType>;
      return [...own, ...Object.entries(shape).flatMap(([key, child]) => inner(child, `${at}.${key}`))];
    }
    case 'array':
      return inner(def.element, `${at}[]`);
    case 'tuple':
      return [...(def.items as z.core.$ZodType[]), ...(def.rest ? [def.rest] : [])].flatMap((c) => inner(c, `${at}[]`));
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((option) => inner(option));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'lazy':
      return inner((def.getter as () => z.core.$ZodType)());
    case 'record':
    case 'map':
    case 'any':
    case 'unknown':
      return [
        `${at} is ${def.type === 'record' || def.type === 'map' ? `a ${def.type}` : def.type}: it takes any field`,
      ];
    default:
      return [
        `${at} is a zod ${def.type}, which this check does not know: teach strictnessProblems (server/http/procedureTable.ts)`,
      ];
  }
}
