import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { z } from 'zod';
import { problemCodes } from '../api/errors.js';
import type { Meta } from '../api/trpc.js';
import { API_VERSION } from '../domain/product.js';
import { SCOPES } from '../domain/scopes.js';
import { appRouter } from '../routers/index.js';

type Json = Record<string, unknown>;

const statusMeaning: Record<number, string> = {
  400: 'Invalid input: bad query parameter, invalid cursor, malformed id or invalid body',
  401: 'Credential required, or credential invalid',
  403: 'Insufficient scope, or the actor may not do this',
  404: 'Not found (including a record of another tenant)',
  405: 'Method not allowed',
  409: 'Conflict, or idempotency conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Business rule failed',
  429: 'Rate limited',
  500: 'Internal error',
  503: 'Service unavailable',
};

const header = (description: string, schema: Json) => ({ description, schema });
/** A non-negative count in a header; bounded so that clients can size it (OWASP API4). */
const count = { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 };

const components = {
  headers: {
    'X-Request-Id': header('Id of this request; echoes a valid inbound X-Request-Id.', {
      type: 'string',
      pattern: '^[A-Za-z0-9._:-]{1,128}$',
    }),
    'RateLimit-Limit': header('Requests allowed in the current window.', count),
    'RateLimit-Remaining': header('Requests left in the current window.', count),
    'RateLimit-Reset': header('Whole seconds until the window resets.', count),
    'Retry-After': header('Seconds to wait before retrying.', count),
    'WWW-Authenticate': header('RFC 6750 challenge.', { type: 'string', maxLength: 256 }),
    'Idempotent-Replayed': header(
      '`true` when this is the stored response of an earlier request with the same Idempotency-Key.',
      {
        type: 'string',
        enum: ['true'],
      },
    ),
  },
  schemas: {
    Problem: {
      type: 'object',
      description: 'RFC 9457 problem document.',
      required: ['type', 'title', 'status', 'code'],
      properties: {
        type: { type: 'string', format: 'uri', description: 'URI of a page describing the code.' },
        title: { type: 'string', description: 'Fixed per code.' },
        status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 },
        code: { type: 'string', enum: Object.keys(problemCodes), description: 'Stable machine-readable code.' },
        detail: { type: 'string', description: 'What went wrong in this occurrence.' },
        request_id: { type: 'string', description: 'Equals the X-Request-Id header.' },
        errors: {
          type: 'array',
          description: 'Every violation, for invalid_body and invalid_query_parameter.',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
  securitySchemes: {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      description: 'An API key (svc_live_…, svc_test_…) or an OAuth 2.0 access token (svc_at_…).',
    },
    oauth2: {
      type: 'oauth2',
      description: 'OAuth 2.0 client credentials, with refresh tokens.',
      flows: {
        clientCredentials: {
          tokenUrl: '/oauth/token',
          refreshUrl: '/oauth/token',
          scopes: Object.fromEntries(SCOPES.map((s) => [s, `${s.split(':')[1]} access to ${s.split(':')[0]}`])),
        },
      },
    },
  },
};

const tagDescriptions: Record<string, string> = {
  metadata: 'Anonymous metadata: health, capabilities and the module catalogue.',
  credentials: 'The presented credential.',
  employees: 'Employee records and the hiring journey.',
  leave: 'Leave types, requests, decisions and balances.',
  holidays: 'The holiday calendar.',
  assets: 'The asset register.',
  recruitment: 'Recruitment job openings.',
  helpdesk: 'Helpdesk tickets.',
  surveys: 'Surveys.',
};

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Descriptions of shared query parameters whose zod description does not reach the document. */
const parameterDescriptions: Record<string, string> = {
  cursor: 'Opaque cursor: the next_cursor of the previous page.',
  id: 'Record id (UUID).',
};
/** Longer than any cursor the server signs; longer ones are 400 invalid_cursor like any other. */
const CURSOR_MAX_LENGTH = 1024;

const INT32 = 2 ** 31;
/** `^[chars]{m,n}$`: a pattern that fixes the length, stated again as minLength/maxLength. */
const boundedPattern = /^\^\[[^\]]+\]\{(\d+),(\d+)\}\$$/;

/**
 * States the bounds every schema already implies, so that linters (OWASP API4) and clients see
 * them: a UUID is 36 characters, a date 10, `^[…]{m,n}$` m..n; integers say int32 or int64.
 */
function stateImpliedBounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) stateImpliedBounds(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.type === 'string' && schema.maxLength === undefined) {
    const bounded = typeof schema.pattern === 'string' ? boundedPattern.exec(schema.pattern) : null;
    if (schema.format === 'uuid') schema.maxLength = 36;
    else if (schema.format === 'date') schema.maxLength = 10;
    else if (bounded) {
      schema.minLength ??= Number(bounded[1]);
      schema.maxLength = Number(bounded[2]);
    }
  }
  if (schema.type === 'integer' && schema.format === undefined) {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    const int32 = minimum !== undefined && maximum !== undefined && minimum >= -INT32 && maximum < INT32;
    schema.format = int32 ? 'int32' : 'int64';
  }
  for (const value of Object.values(schema)) stateImpliedBounds(value);
}

/** Procedures whose responses carry no RateLimit-* headers (decisions §5). */
const UNLIMITED_PATHS = new Set(['/health']);

/** Each OpenAPI procedure's meta and input schema, by `method path`. */
function procedureMetas(): Map<string, { meta: Meta; input?: z.ZodType }> {
  const metas = new Map<string, { meta: Meta; input?: z.ZodType }>();
  for (const procedure of Object.values(appRouter._def.procedures) as unknown as {
    _def: { meta?: Meta; inputs: z.ZodType[] };
  }[]) {
    const meta = procedure._def.meta;
    if (meta?.openapi) {
      metas.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, { meta, input: procedure._def.inputs[0] });
    }
  }
  return metas;
}

/**
 * Object-level rules an input schema states in its `.meta()` (at least one of some fields), which
 * trpc-to-openapi drops when it rebuilds the body without the path parameters.
 */
const BODY_RULES = ['anyOf', 'oneOf', 'minProperties'] as const;

/**
 * The OpenAPI 3.1 document, generated from the routers and then completed: problem+json error
 * responses sharing one Problem schema, the X-Request-Id / RateLimit-* / Retry-After headers, and
 * per-operation security naming the scope each procedure demands. Independent of the environment:
 * `make openapi` writes it to openapi.json, which the server serves as it is (it never runs this
 * generator); a test holds the two equal.
 */
export function buildOpenApiDocument(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Workforce API',
    description:
      'Public API of Workforce, an HR and workforce-management product. Errors are RFC 9457 problem documents; lists use the envelope { data, next_cursor, has_more }.',
    version: API_VERSION,
    baseUrl: '/v1',
  }) as unknown as Json;
  const metas = procedureMetas();
  const paths = doc.paths as Record<string, Record<string, Json>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const { meta, input } = metas.get(`${method} ${path}`) ?? {};
      const limited = !UNLIMITED_PATHS.has(path);
      const responses = operation.responses as Record<string, Json>;
      for (const status of [...(limited ? ['429'] : []), '500', '503']) responses[status] ??= {};
      for (const [status, response] of Object.entries(responses)) {
        const headers: Json = { 'X-Request-Id': ref('headers', 'X-Request-Id') };
        if (limited) {
          for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'])
            headers[name] = ref('headers', name);
        }
        const code = Number(status);
        if (code === 429) headers['Retry-After'] = ref('headers', 'Retry-After');
        if (code === 401 || (code === 403 && meta?.scope))
          headers['WWW-Authenticate'] = ref('headers', 'WWW-Authenticate');
        const write = method === 'post' || method === 'patch';
        if (write && code !== 429 && code < 500) headers['Idempotent-Replayed'] = ref('headers', 'Idempotent-Replayed');
        if (code < 400) {
          response.headers = headers;
          continue;
        }
        responses[status] = {
          description: statusMeaning[code] ?? 'Error',
          headers,
          content: { 'application/problem+json': { schema: ref('schemas', 'Problem') } },
        };
      }
      operation.description ??= operation.summary;
      // Every body schema is a strict object (unknown fields are 400), but zod-openapi drops the
      // strictness of refined objects; say it for all of them.
      const body = (operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content;
      const rules = input && (z.globalRegistry.get(input) as Json | undefined);
      for (const media of Object.values(body ?? {})) {
        if (media.schema?.type !== 'object') continue;
        media.schema.additionalProperties ??= false;
        for (const name of BODY_RULES) if (rules?.[name] !== undefined) media.schema[name] ??= rules[name];
      }
      for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
        const schema = parameter.schema as Json | undefined;
        parameter.description ??= schema?.description ?? parameterDescriptions[parameter.name as string];
        if (parameter.name === 'cursor' && schema) schema.maxLength ??= CURSOR_MAX_LENGTH;
      }
      if (method === 'post' || method === 'patch') {
        operation.parameters = [
          ...((operation.parameters as Json[] | undefined) ?? []),
          ref('parameters', 'Idempotency-Key'),
        ];
      }
      // The scope sits on the OAuth requirement (and x-required-scope): bearer schemes take no scopes.
      if (meta?.scope) {
        operation.security = [{ bearerAuth: [] }, { oauth2: [meta.scope] }];
        operation['x-required-scope'] = meta.scope;
      } else if (operation.security) {
        operation.security = [{ bearerAuth: [] }, { oauth2: [] }];
      } else {
        operation.security = [];
      }
    }
  }
  const existing = (doc.components ?? {}) as Record<string, Json>;
  doc.components = {
    ...existing,
    // trpc-to-openapi's own `error.*` schemas describe the JSON errors replaced above by Problem.
    schemas: {
      ...Object.fromEntries(Object.entries(existing.schemas ?? {}).filter(([name]) => !name.startsWith('error.'))),
      ...components.schemas,
    },
    headers: components.headers,
    parameters: {
      'Idempotency-Key': {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      },
    },
    securitySchemes: components.securitySchemes,
  };
  const used = new Set(
    Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op.tags as string[] | undefined) ?? [])),
  );
  doc.tags = [...used].sort().map((name) => ({ name, description: tagDescriptions[name] ?? name }));
  (doc.info as Json).contact = { name: 'Workforce API', url: 'https://docs.workforce.example' };
  // The one server is this public API itself (OWASP API9: declare each server's audience).
  doc.servers = ((doc.servers as Json[] | undefined) ?? []).map((server) => ({ ...server, 'x-internal': false }));
  stateImpliedBounds(doc.paths);
  stateImpliedBounds(doc.components);
  return doc as unknown as OpenAPIObject;
}
