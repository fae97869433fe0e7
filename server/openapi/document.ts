/**
 * Builds the OpenAPI 3.1 document from the procedures (trpc-to-openapi) and their meta: problem
 * responses per operation, the webhooks section, the token endpoint. Run by `make openapi`, never when serving.
 */
import { isDeepStrictEqual } from 'node:util';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { z } from 'zod';
import { createSchema } from 'zod-openapi';
import { stateImpliedBounds } from '../../core/jsonSchema.js';
import { type ProblemCode, problemCodes } from '../../core/problems.js';
import { API_VERSION } from '../../core/product.js';
import { SCOPES } from '../../core/scopes.js';
import type { Meta } from '../../core/trpc.js';
import { ACCESS_TOKEN_TTL_S, GRANT_TYPES, REFRESH_TOKEN_TTL_S } from '../../routers/credentials/oauthGrants.writes.js';
import { APP_GRANT_TYPES, EMPLOYEE_TOKEN_SCOPES } from '../../routers/credentials/signIn.writes.js';
import { componentName, EVENT_RECORD_SCHEMAS, EVENT_TYPE_TEXT } from '../../routers/events/event.record.js';
import { DELIVERED_EVENT_SCOPES, DELIVERED_EVENT_TYPES, TEST_EVENT_TYPE } from '../../routers/events/events.writes.js';
import { appRouter } from '../../routers/index.js';
import { procedureTable } from '../http/procedureTable.js';
import { parseEnv } from '../main/env.js';

type Json = Record<string, unknown>;

const statusMeaning: Record<number, string> = {
  400: 'Invalid input',
  401: 'Credential required, or credential invalid',
  403: 'Insufficient scope, or the actor may not do this',
  404: 'Not found (including a record of another tenant)',
  405: 'Method not allowed',
  409: 'Conflict, or idempotency conflict',
  410: 'Gone: older than what the service keeps',
  412: 'Precondition failed: the record is at another version than If-Match names; nothing was written',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Business rule failed',
  429: 'Rate limited',
  500: 'Internal error',
  503: 'Service unavailable',
};

/** The registry's order, which the code lists of the document keep. */
const REGISTRY_ORDER = Object.keys(problemCodes) as ProblemCode[];

/** What the generator knows of an operation, from trpc-to-openapi's output and the procedure. */
interface OperationKind {
  /** trpc-to-openapi's `protect` (the default): a credential is required. */
  credentialed: boolean;
  scoped: boolean;
  /** Spends rate-limit budget (all but health). */
  limited: boolean;
  /** Takes query parameters (validated strictly: a bad one is 400). */
  query: boolean;
  /** A keyset-paginated list (takes a cursor). */
  list: boolean;
  /** Names a record by `{id}` in its path. */
  pathId: boolean;
  /** Reads a JSON body and accepts Idempotency-Key (POST and PATCH under /v1). */
  write: boolean;
  /** Answers a versioned record (decisions §19): If-None-Match on a read, If-Match on a conditional write. */
  versioned: Meta['versioned'];
}

/**
 * The problem codes every operation of a kind may answer, whatever its own rules (decisions §1, §2,
 * §6): credential (401) and scope (403), query and path id (400) and the record behind the id
 * (404), the body of a write (400/413/415) and its Idempotency-Key (400/409), the rate limit (429),
 * and 500/503 everywhere. An operation's own codes come on top, from its procedure's `errors` meta.
 */
function impliedProblemCodes(kind: OperationKind): ProblemCode[] {
  const codes: ProblemCode[] = ['internal_error', 'service_unavailable'];
  if (kind.credentialed) codes.push('unauthorized', 'invalid_credential');
  if (kind.scoped) codes.push('insufficient_scope');
  if (kind.limited) codes.push('rate_limited');
  if (kind.query) codes.push('invalid_query_parameter');
  if (kind.list) codes.push('invalid_cursor');
  if (kind.pathId) codes.push('invalid_id', 'not_found');
  if (kind.write) {
    codes.push(
      'invalid_json',
      'invalid_body',
      'payload_too_large',
      'unsupported_media_type',
      'invalid_idempotency_key',
      'idempotency_key_reused',
      'idempotency_key_in_use',
    );
  }
  if (kind.versioned === 'read' || kind.versioned === 'conditional') codes.push('invalid_header');
  if (kind.versioned === 'conditional') codes.push('precondition_failed');
  return codes;
}

/** `codes`, once each, in registry order, grouped by their status. */
function byStatus(codes: Iterable<ProblemCode>): Map<number, ProblemCode[]> {
  const wanted = new Set(codes);
  const groups = new Map<number, ProblemCode[]>();
  for (const code of REGISTRY_ORDER) {
    if (!wanted.has(code)) continue;
    const { status } = problemCodes[code];
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return new Map([...groups].sort(([a], [b]) => a - b));
}

/** A response's description: what the status means here, and the codes it carries. */
function describeCodes(status: number, codes: readonly ProblemCode[], meaning = statusMeaning[status]): string {
  const list = codes.map((code) => `\`${code}\` (${problemCodes[code].title})`).join(', ');
  return `${meaning ?? 'Error'}. \`code\` is one of: ${list}.`;
}

/**
 * `base` (a $ref to the Problem or the OAuth error schema) with its `code` (and the OAuth `error`,
 * given in `also`) narrowed to the codes this response carries.
 */
function narrowed(base: Json, codes: readonly ProblemCode[], also: string[] = []): Json {
  const code = { type: 'string', enum: [...codes] };
  return {
    allOf: [base, { type: 'object', properties: Object.fromEntries(['code', ...also].map((name) => [name, code])) }],
  };
}

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
    ETag: header(
      'The version of the record answered, as an entity tag: `"<version>"`. Send it back as If-None-Match (GET) or If-Match (a conditional write).',
      { type: 'string', pattern: '^"[1-9][0-9]*"$', maxLength: 12 },
    ),
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
      required: ['type', 'title', 'status', 'code', 'request_id'],
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
    clientSecretBasic: {
      type: 'http',
      scheme: 'basic',
      description:
        'Client authentication at POST /oauth/token only (RFC 6749 §2.3.1, client_secret_basic): the client id and secret, each form-urlencoded, as the Basic user and password. The alternative is client_id and client_secret in the body (client_secret_post).',
    },
    oauth2: {
      type: 'oauth2',
      description:
        "OAuth 2.0 client credentials for integrations, with refresh tokens (POST /oauth/token); the authorization code grant with PKCE (S256) for first-party apps, whose tokens are a signed-in employee's, with that employee's role's scopes (docs/sign-in.md). Authorization server metadata (RFC 8414): /.well-known/oauth-authorization-server.",
      flows: {
        clientCredentials: {
          tokenUrl: '/oauth/token',
          refreshUrl: '/oauth/token',
          scopes: Object.fromEntries(SCOPES.map((s) => [s, `${s.split(':')[1]} access to ${s.split(':')[0]}`])),
        },
        authorizationCode: {
          authorizationUrl: '/oauth/authorize',
          tokenUrl: '/oauth/token',
          refreshUrl: '/oauth/token',
          scopes: Object.fromEntries(
            EMPLOYEE_TOKEN_SCOPES.map((s) => [
              s,
              `${s.split(':')[1]} access to ${s.split(':')[0]}, as the signed-in employee`,
            ]),
          ),
        },
      },
    },
  },
};

const tagDescriptions: Record<string, string> = {
  metadata: 'Anonymous metadata: health, capabilities and the module catalogue.',
  credentials: 'The presented credential.',
  oauth:
    "OAuth 2.0: the token endpoint (client credentials, refresh tokens, authorization codes), a first-party app's sign-in page and its token revocation.",
  employees: 'Employee records and the hiring journey.',
  leave: 'Leave types, requests, decisions and balances.',
  holidays: 'The holiday calendar.',
  assets: 'The asset register.',
  recruitment: 'Recruitment job openings.',
  helpdesk: 'Helpdesk tickets.',
  surveys: 'Surveys.',
  webhooks:
    'Webhook endpoints: where events are sent, signed (Standard Webhooks), and their delivery attempts (decisions §14).',
  events: 'The event log: one event per committed business write (decisions §14).',
};

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Descriptions of shared query parameters whose zod description does not reach the document. */
const parameterDescriptions: Record<string, string> = {
  cursor: 'Opaque cursor: the next_cursor of the previous page.',
  id: 'Record id (UUID).',
};
/** Longer than any cursor the server signs; longer ones are 400 invalid_cursor like any other. */
const CURSOR_MAX_LENGTH = 1024;

/** Procedures whose responses carry no RateLimit-* headers (decisions §5). */

/**
 * POST /oauth/token, served by Koa beside the procedures (server/http/oauthToken.ts, decisions §4): at the
 * service root, not under /v1, so its operation names its own server. Its errors are RFC 6749 §5.2
 * bodies in application/json (stock OAuth clients read nothing else) that also carry the problem
 * members, an unexpected failure (500) included.
 */
const TOKEN_PATH = '/oauth/token';
/** The codes the token endpoint answers, by status (server/http/oauthToken.ts, routers/credentials/oauthGrants.writes.ts). */
const TOKEN_ERRORS: Record<number, ProblemCode[]> = {
  400: ['invalid_request', 'invalid_grant', 'unsupported_grant_type', 'invalid_scope'],
  401: ['invalid_client'],
  429: ['rate_limited'],
  500: ['internal_error'],
  503: ['service_unavailable'],
};
/** What each error status of the token endpoint means there. */
const TOKEN_STATUS_MEANING: Record<number, string> = {
  400: 'The token request is refused (RFC 6749 §5.2); `error` equals `code`',
  401: 'Client authentication failed (RFC 6749 §5.2); `error` equals `code`',
  429: 'Rate limited: too many token requests, or too many failed client authentications, from this address',
  500: 'Internal error: an unexpected failure, logged with the request id',
  503: 'Service unavailable',
};
/** Every `error` an RFC 6749 body of the token endpoint may hold: its operation's, and 405 (not POST). */
const OAUTH_ERROR_CODES: ProblemCode[] = [...Object.values(TOKEN_ERRORS).flat(), 'method_not_allowed'];
/** No client id, secret or token the server issues is longer; a longer one is simply never valid. */
const CREDENTIAL_MAX_LENGTH = 256;

const tokenSchemas: Record<string, Json> = {
  ClientCredentialsGrant: {
    type: 'object',
    description:
      'RFC 6749 §4.4.2. Authenticate the client with client_id and client_secret here, or with HTTP Basic (not both). Unknown parameters are ignored (RFC 6749 §3.2).',
    required: ['grant_type'],
    properties: {
      grant_type: { type: 'string', enum: ['client_credentials'] },
      client_id: {
        type: 'string',
        maxLength: CREDENTIAL_MAX_LENGTH,
        description: 'The client id (`svc_client_…`); with HTTP Basic, omit it or send the same.',
      },
      client_secret: {
        type: 'string',
        maxLength: CREDENTIAL_MAX_LENGTH,
        description: 'The client secret (`svc_secret_…`); not with HTTP Basic.',
      },
      scope: {
        type: 'string',
        maxLength: 1024,
        description:
          "Space-delimited scopes to request. Granted: those of the client's scopes that are asked for (an unknown or foreign scope is simply not granted; none left is invalid_scope). Absent: all of the client's scopes.",
      },
    },
  },
  RefreshTokenGrant: {
    type: 'object',
    description:
      'RFC 6749 §6, with client authentication as for client_credentials. Unknown parameters are ignored (RFC 6749 §3.2).',
    required: ['grant_type', 'refresh_token'],
    properties: {
      grant_type: { type: 'string', enum: ['refresh_token'] },
      refresh_token: {
        type: 'string',
        maxLength: CREDENTIAL_MAX_LENGTH,
        description: 'The refresh token (`svc_rt_…`) of the last token response; it is spent by this request.',
      },
      client_id: {
        type: 'string',
        maxLength: CREDENTIAL_MAX_LENGTH,
        description: 'The client id the refresh token was issued to; with HTTP Basic, omit it or send the same.',
      },
      client_secret: {
        type: 'string',
        maxLength: CREDENTIAL_MAX_LENGTH,
        description: 'The client secret; not with HTTP Basic.',
      },
      scope: {
        type: 'string',
        maxLength: 1024,
        description:
          'Space-delimited scopes, each of them originally granted (else invalid_scope). Absent: the scopes of the presented token.',
      },
    },
  },
  AuthorizationCodeGrant: {
    type: 'object',
    description:
      "RFC 6749 §4.1.3 with PKCE (RFC 7636 §4.5): a first-party app exchanges the code of its sign-in (GET /oauth/authorize) for the signed-in employee's token pair. A public client: `client_id` alone, no secret, no HTTP Basic. Unknown parameters are ignored (RFC 6749 §3.2).",
    required: ['grant_type', 'code', 'redirect_uri', 'client_id', 'code_verifier'],
    properties: {
      grant_type: { type: 'string', enum: ['authorization_code'] },
      code: {
        type: 'string',
        maxLength: CREDENTIAL_MAX_LENGTH,
        description:
          'The `code` of the redirect: valid 60 seconds and once (a used code presented again also revokes the tokens it was exchanged for).',
      },
      redirect_uri: {
        type: 'string',
        maxLength: 2048,
        description: 'The redirect_uri of the authorization request, exactly.',
      },
      client_id: {
        type: 'string',
        maxLength: CREDENTIAL_MAX_LENGTH,
        description: "The app's client id (the code's); one that is no app's is 401 invalid_client.",
      },
      code_verifier: {
        type: 'string',
        maxLength: CREDENTIAL_MAX_LENGTH,
        description:
          'The PKCE code verifier whose base64url SHA-256 is the code_challenge (S256); a wrong one is invalid_grant and does not spend the code.',
      },
    },
  },
  AppRefreshTokenGrant: {
    type: 'object',
    description:
      "RFC 6749 §6 for a first-party app (a public client): its `client_id` alone, no secret, no HTTP Basic. The rotation and reuse rules of the integrations' refresh apply (a reuse revokes the whole sign-in). Unknown parameters are ignored (RFC 6749 §3.2).",
    required: ['grant_type', 'refresh_token', 'client_id'],
    properties: {
      grant_type: { type: 'string', enum: ['refresh_token'] },
      refresh_token: {
        type: 'string',
        maxLength: CREDENTIAL_MAX_LENGTH,
        description: 'The refresh token (`svc_rt_…`) of the last token response; it is spent by this request.',
      },
      client_id: {
        type: 'string',
        maxLength: CREDENTIAL_MAX_LENGTH,
        description: "The app's client id, the one the refresh token was issued to.",
      },
      scope: {
        type: 'string',
        maxLength: 1024,
        description:
          'Space-delimited scopes, each of them originally granted (else invalid_scope). Absent: the scopes of the presented token.',
      },
    },
  },
  TokenRequest: {
    description:
      "A token request, by grant_type: an integration's client (`client_credentials`, or `refresh_token` with its client authentication) or a first-party app, a public client with its client_id alone (`authorization_code` with PKCE, or `refresh_token`). An app's refresh is also a valid RefreshTokenGrant (its secret is optional there), hence `anyOf`; the discriminator maps `refresh_token` to that wider shape.",
    anyOf: [
      ref('schemas', 'ClientCredentialsGrant'),
      ref('schemas', 'RefreshTokenGrant'),
      ref('schemas', 'AuthorizationCodeGrant'),
      ref('schemas', 'AppRefreshTokenGrant'),
    ],
    discriminator: {
      propertyName: 'grant_type',
      mapping: {
        client_credentials: '#/components/schemas/ClientCredentialsGrant',
        refresh_token: '#/components/schemas/RefreshTokenGrant',
        authorization_code: '#/components/schemas/AuthorizationCodeGrant',
      },
    },
  },
  TokenResponse: {
    type: 'object',
    description: 'RFC 6749 §5.1 access token response.',
    required: ['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope'],
    additionalProperties: false,
    properties: {
      access_token: {
        type: 'string',
        description: 'The access token (`svc_at_…`): send it as `Authorization: Bearer <access_token>`.',
      },
      token_type: { type: 'string', enum: ['Bearer'] },
      expires_in: {
        type: 'integer',
        minimum: 1,
        maximum: ACCESS_TOKEN_TTL_S,
        description: `Seconds until the access token expires (${ACCESS_TOKEN_TTL_S}).`,
      },
      refresh_token: {
        type: 'string',
        description: `The refresh token (\`svc_rt_…\`), valid ${REFRESH_TOKEN_TTL_S / 86400} days and once: the refresh_token grant spends it.`,
      },
      scope: { type: 'string', description: 'The granted scopes, space-delimited.' },
    },
  },
  OAuthError: {
    description:
      'RFC 6749 §5.2 error response (application/json, as OAuth clients expect), with the RFC 9457 problem members beside `error` and `error_description`: `code` equals `error`.',
    allOf: [
      ref('schemas', 'Problem'),
      {
        type: 'object',
        required: ['error', 'error_description', 'request_id'],
        properties: {
          error: { type: 'string', enum: OAUTH_ERROR_CODES, description: 'The OAuth error code.' },
          error_description: { type: 'string', description: 'What went wrong, for a developer.' },
          request_id: { type: 'string', description: 'Equals the X-Request-Id header; always present here.' },
        },
      },
    ],
  },
};

const tokenHeaders: Record<string, Json> = {
  'Cache-Control': header('Token responses, errors included, are never cached.', {
    type: 'string',
    enum: ['no-store'],
  }),
  Pragma: header('For HTTP/1.0 caches (RFC 6749 §5.1).', { type: 'string', enum: ['no-cache'] }),
};

/**
 * The headers of an answer of POST /oauth/token or /oauth/revoke with `status`: the request id, the
 * token endpoint's budget, no caching (`Pragma` too on a token's 200, RFC 6749 §5.1), `Retry-After`
 * on 429 and 503, and on 401 the HTTP Basic challenge that `basic` describes.
 */
function oauthEndpointHeaders(status: number, { pragma, basic }: { pragma: boolean; basic: string }): Json {
  const out: Json = { 'X-Request-Id': ref('headers', 'X-Request-Id') };
  for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) out[name] = ref('headers', name);
  out['Cache-Control'] = ref('headers', 'Cache-Control');
  if (pragma && status === 200) out.Pragma = ref('headers', 'Pragma');
  if (status === 429 || status === 503) out['Retry-After'] = ref('headers', 'Retry-After');
  if (status === 401) out['WWW-Authenticate'] = header(basic, { type: 'string', maxLength: 256 });
  return out;
}

/** The path item of POST /oauth/token. */
function tokenPathItem(): Record<string, Json> {
  const headers = (status: number) =>
    oauthEndpointHeaders(status, {
      pragma: true,
      basic: '`Basic realm="workforce"` when the client authenticated with HTTP Basic.',
    });
  const responses: Json = {
    200: {
      description: 'The new access token and refresh token.',
      headers: headers(200),
      content: { 'application/json': { schema: ref('schemas', 'TokenResponse') } },
    },
  };
  for (const [status, codes] of Object.entries(TOKEN_ERRORS)) {
    responses[status] = {
      description: describeCodes(Number(status), codes, TOKEN_STATUS_MEANING[Number(status)]),
      headers: headers(Number(status)),
      content: { 'application/json': { schema: narrowed(ref('schemas', 'OAuthError'), codes, ['error']) } },
    };
  }
  const body = { schema: ref('schemas', 'TokenRequest') };
  return {
    post: {
      operationId: 'oauth-token',
      summary: 'Get an access token',
      description: [
        `OAuth 2.0 token endpoint (RFC 6749): exchanges client credentials, or a refresh token, for a Bearer access token (valid ${ACCESS_TOKEN_TTL_S} s) and a refresh token (valid ${REFRESH_TOKEN_TTL_S / 86400} days). The body is \`application/x-www-form-urlencoded\` (RFC 6749, what stock OAuth clients send) or \`application/json\`, with string values.`,
        '',
        'Client authentication: HTTP Basic with the client id and secret, each form-urlencoded (`client_secret_basic`), or `client_id` and `client_secret` in the body (`client_secret_post`); never both. None at all, or a wrong, unknown or revoked client, is 401 `invalid_client` (after HTTP Basic with `WWW-Authenticate: Basic`).',
        '',
        `Grants (\`grant_type\`: ${[...new Set([...GRANT_TYPES, ...APP_GRANT_TYPES])].map((g) => `\`${g}\``).join(' or ')}):`,
        "- `client_credentials`: a new token pair. `scope` is optional: granted are the requested scopes the client has (an unknown or foreign one is simply not granted); none requested, all of the client's; none left, 400 `invalid_scope`.",
        "- `refresh_token`: `refresh_token` plus client authentication, and an optional narrower `scope` (a scope not originally granted is 400 `invalid_scope`; none keeps the token's scopes). **Refresh tokens rotate**: each use answers a new pair and spends the presented refresh token, in one transaction, so a refused refresh leaves it usable. **Reuse revokes the family**: a spent refresh token presented again is 400 `invalid_grant`, and every access and refresh token descending from the same client_credentials grant is revoked at once (RFC 9700 reuse detection: someone holds a copy); two parallel refreshes with one token count as a reuse. An unknown, expired or revoked refresh token, or another client's, is `invalid_grant` too. A first-party app refreshes with its `client_id` alone.",
        "- `authorization_code` (a first-party app, decisions §20): `code`, `redirect_uri`, `client_id` (no secret) and `code_verifier` (PKCE, S256 only); answers the signed-in employee's token pair. A wrong verifier, a reused or expired code, another client's code or another redirect URI is 400 `invalid_grant` (a reused code also revokes the tokens it was exchanged for). The sign-in itself is the page at `GET /oauth/authorize`; `POST /oauth/revoke` (RFC 7009) signs out (docs/sign-in.md).",
        '',
        'Errors are `application/json` (never problem+json: stock OAuth clients read nothing else) with RFC 6749 §5.2 `error` and `error_description` plus the problem members (`type`, `title`, `status`, `code` = `error`, `detail`, `request_id`). Another method than POST is 405 `method_not_allowed` in the same body, with `Allow: POST`. Requests are rate limited per client IP (429 `rate_limited` with `Retry-After`), and failed client authentications more strictly, per IP and per client id from that IP.',
        '',
        "The path is at the service root, not under `/v1` (see this operation's `servers`). Discovery: RFC 8414 authorization server metadata at `/.well-known/oauth-authorization-server`.",
      ].join('\n'),
      tags: ['oauth'],
      servers: [
        {
          url: '/',
          description: 'Production: the service root, where the token endpoint is (not under /v1).',
          'x-internal': false,
        },
      ],
      security: [{ clientSecretBasic: [] }, {}],
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': body, 'application/json': body },
      },
      responses,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The sign-in of first-party apps (decisions §20, server/http/signIn.ts): GET and POST /oauth/authorize,
// pages for a person, and POST /oauth/revoke (RFC 7009), at the service root like the token endpoint.

const AUTHORIZE_PATH = '/oauth/authorize';
const REVOKE_PATH = '/oauth/revoke';

/** The operation-level server of the paths at the service root (not under /v1). */
const rootServer = (what: string) => [
  { url: '/', description: `Production: the service root, where ${what} is (not under /v1).`, 'x-internal': false },
];

/** An HTML page of the sign-in: never a problem document (it is read by a person, not a client). */
const htmlPage = (description: string) => ({
  'text/html': { schema: { type: 'string', maxLength: 65_536, description } },
});

/** The headers of every sign-in answer: never cached, never sent on as a Referer (the URL carries the state). */
function signInHeaders(status: number, post: boolean): Json {
  const out: Json = {
    'X-Request-Id': ref('headers', 'X-Request-Id'),
    'Cache-Control': header('Never cached.', { type: 'string', enum: ['no-store'] }),
    'Referrer-Policy': header('The URL carries the request (its state): never sent on.', {
      type: 'string',
      enum: ['no-referrer'],
    }),
  };
  if (status === 303) {
    out.Location = header(
      "The app's redirect_uri with `code` and `state`, or `error` and `error_description` and `state`, and `iss` (RFC 9207: this server's base URL).",
      { type: 'string', format: 'uri', maxLength: 8192 },
    );
    return out;
  }
  out['Content-Security-Policy'] = header(
    "`default-src 'none'`: nothing loaded but the page's own stylesheet (by hash); its form posts only to this origin and the app's redirect; `frame-ancestors 'none'`.",
    { type: 'string', maxLength: 2048 },
  );
  out['X-Frame-Options'] = header('The page is never framed.', { type: 'string', enum: ['DENY'] });
  if (status === 200 || (post && [401, 403, 429].includes(status))) {
    out['Set-Cookie'] = header(
      "The CSRF nonce (`__Host-wfm_signin` over https, else `wfm_signin`; HttpOnly, SameSite=Lax, one hour), when the browser has none: the form's `csrf_token` signs it.",
      { type: 'string', maxLength: 512 },
    );
  }
  if (status === 429) out['Retry-After'] = ref('headers', 'Retry-After');
  return out;
}

/** 500 and 503 of the sign-in routes: a failure before any page, answered as a problem document. */
function failureResponses(): Json {
  const out: Json = {};
  for (const [status, codes] of byStatus(['internal_error', 'service_unavailable'])) {
    out[status] = {
      description: describeCodes(status, codes),
      headers: {
        'X-Request-Id': ref('headers', 'X-Request-Id'),
        ...(status === 503 ? { 'Retry-After': ref('headers', 'Retry-After') } : {}),
      },
      content: { 'application/problem+json': { schema: narrowed(ref('schemas', 'Problem'), codes) } },
    };
  }
  return out;
}

const REDIRECT_ANSWER =
  "See Other: back to the app's `redirect_uri` (its own query kept) with `code` (one-time, 60 seconds) and `state`, or with `error` (`unsupported_response_type`, `invalid_request`, `invalid_scope`) and `error_description`; `iss` always. No body.";
const UNKNOWN_APP_ANSWER =
  "An error page, never a redirect (the URI may be an attacker's, RFC 6749 §4.1.2.1): `client_id` names no registered app, or `redirect_uri` is missing or not one the app registered exactly.";

/** The authorization request's query parameters (RFC 6749 §4.1.1, RFC 7636 §4.3), and the form's hidden inputs. */
const authorizationParameters: Json[] = [
  [
    'response_type',
    true,
    { type: 'string', enum: ['code'] },
    'Must be `code`; another value is a redirect with `error=unsupported_response_type`.',
  ],
  ['client_id', true, { type: 'string', maxLength: CREDENTIAL_MAX_LENGTH }, "The first-party app's client id."],
  [
    'redirect_uri',
    true,
    { type: 'string', format: 'uri', maxLength: 2048 },
    'One of the redirect URIs the app registered, exactly (no pattern, no prefix).',
  ],
  [
    'code_challenge',
    true,
    { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$', minLength: 43, maxLength: 43 },
    'PKCE (RFC 7636): the base64url SHA-256 of the code verifier, 43 characters. Missing or malformed: a redirect with `error=invalid_request`.',
  ],
  [
    'code_challenge_method',
    true,
    { type: 'string', enum: ['S256'] },
    'Must be `S256` (`plain` is refused: a redirect with `error=invalid_request`).',
  ],
  ['state', false, { type: 'string', maxLength: 1024 }, 'Opaque to the server: sent back unchanged in the redirect.'],
  [
    'scope',
    false,
    { type: 'string', maxLength: 1024 },
    `Space-delimited scopes an employee's token may carry (${EMPLOYEE_TOKEN_SCOPES.join(', ')}); none of them is a redirect with \`error=invalid_scope\`. Absent: the employee's role's scopes.`,
  ],
  [
    'tenant',
    false,
    { type: 'string', format: 'uuid' },
    'The tenant to sign in to, when the address has accounts in several; malformed is a redirect with `error=invalid_request`.',
  ],
].map(([name, required, schema, description]) => ({ name, in: 'query', required, description, schema }));

/** The path item of GET and POST /oauth/authorize. */
function authorizePathItem(): Record<string, Json> {
  const page = (status: number, post: boolean, description: string, body: string) => ({
    description,
    headers: signInHeaders(status, post),
    content: htmlPage(body),
  });
  const redirect = (post: boolean) => ({ description: REDIRECT_ANSWER, headers: signInHeaders(303, post) });
  const common = {
    tags: ['oauth'],
    servers: rootServer('the sign-in page'),
    // A person signs in here; the app holds no credential yet.
    security: [],
  };
  const formFields: Json = Object.fromEntries(
    authorizationParameters.map((p) => [p.name, { ...(p.schema as Json), description: p.description }]),
  );
  return {
    get: {
      operationId: 'oauth-authorize',
      summary: 'Open the sign-in page (authorization request)',
      description: [
        "The authorization endpoint of a first-party app (RFC 6749 §4.1 with PKCE S256, decisions §20), opened as a full-page navigation. A valid request answers the sign-in page (HTML): a form posting back to the same URL with `email`, `password`, the request's parameters as hidden inputs and `csrf_token`, whose nonce is in a cookie.",
        '',
        'An unknown `client_id` or `redirect_uri` is a 400 error page; any other fault of the request is a 303 back to the app with `error` (RFC 6749 §4.1.2.1). HTML, never problem documents (a failure before any page, 500 or 503, is one). Another method than GET, HEAD or POST is a 405 page with `Allow`. See docs/sign-in.md.',
      ].join('\n'),
      ...common,
      parameters: authorizationParameters,
      responses: {
        200: page(200, false, 'The sign-in page.', 'The sign-in form.'),
        303: redirect(false),
        400: page(400, false, UNKNOWN_APP_ANSWER, 'The error page.'),
        ...failureResponses(),
      },
    },
    post: {
      operationId: 'oauth-authorize-sign-in',
      summary: 'Sign in (the sign-in form)',
      description: [
        "The sign-in page's form, posted by the browser: `email`, `password`, the hidden inputs (the authorization request's parameters and `csrf_token`), form-encoded, with the page's cookie. The request's parameters are read from the hidden inputs, else from the query of the URL posted to, and checked as on GET (400 page, or a 303 with `error`).",
        '',
        "Signed in: 303 to the app with `code` and `state`. A wrong or missing address or password: 401, the form again with one message for both (it tells nothing of which accounts exist). A `csrf_token` that does not sign the cookie's nonce, or has expired (one hour): 403, the form again. Too many failed sign-ins from the address or for the e-mail address: 429, the form again, with `Retry-After`. A body that is not form-encoded is a 415 page, one over 16 KiB a 413 page, one that cannot be read a 400 page.",
      ].join('\n'),
      ...common,
      parameters: authorizationParameters.map((p) => ({
        ...p,
        required: false,
        description: `${p.description as string} Read when the form's hidden input is absent.`,
      })),
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['email', 'password', 'csrf_token'],
              properties: {
                email: { type: 'string', maxLength: 320, description: "The employee's e-mail address." },
                password: { type: 'string', maxLength: 1024, description: 'Their password.' },
                csrf_token: {
                  type: 'string',
                  maxLength: 128,
                  description: "The page's hidden input: the signature of the cookie's nonce, with an expiry.",
                },
                ...formFields,
              },
            },
          },
        },
      },
      responses: {
        303: redirect(true),
        400: page(400, true, `${UNKNOWN_APP_ANSWER} Or the form could not be read.`, 'The error page.'),
        401: page(
          401,
          true,
          'Wrong or missing e-mail address or password: the form again, with the address typed.',
          'The sign-in form.',
        ),
        403: page(
          403,
          true,
          'The form expired or did not come from this page (CSRF): the form again.',
          'The sign-in form.',
        ),
        413: page(413, true, 'The form is over 16 KiB: an error page.', 'The error page.'),
        415: page(415, true, 'The body is not application/x-www-form-urlencoded: an error page.', 'The error page.'),
        429: page(
          429,
          true,
          'Too many failed sign-ins from this address or for this e-mail address: the form again, with `Retry-After`.',
          'The sign-in form.',
        ),
        ...failureResponses(),
      },
    },
  };
}

/** The codes POST /oauth/revoke answers, by status (server/http/signIn.ts, server/http/oauthToken.ts). */
const REVOKE_ERRORS: Record<number, ProblemCode[]> = {
  400: ['invalid_request'],
  401: ['invalid_client'],
  429: ['rate_limited'],
  500: ['internal_error'],
  503: ['service_unavailable'],
};
const REVOKE_STATUS_MEANING: Record<number, string> = {
  400: 'No `token`, or a body that is neither form-encoded nor a JSON object of strings; `error` equals `code`',
  401: 'No first-party app has this `client_id`, or the request authenticates a client (a secret, HTTP Basic); `error` equals `code`',
  429: "Rate limited: too many token requests from this address (the token endpoint's budget)",
  500: 'Internal error: an unexpected failure, logged with the request id',
  503: 'Service unavailable',
};

/** The path item of POST /oauth/revoke. */
function revokePathItem(): Record<string, Json> {
  const headers = (status: number) =>
    oauthEndpointHeaders(status, {
      pragma: false,
      basic: '`Basic realm="workforce"` when the request came with HTTP Basic.',
    });
  const responses: Json = {
    200: {
      description:
        "Revoked, or nothing to revoke: the answer to any well-formed request of an app, whatever the token (unknown, expired, already revoked, another client's; RFC 7009 §2.2). No body.",
      headers: headers(200),
    },
  };
  for (const [status, codes] of Object.entries(REVOKE_ERRORS)) {
    responses[status] = {
      description: describeCodes(Number(status), codes, REVOKE_STATUS_MEANING[Number(status)]),
      headers: headers(Number(status)),
      content: { 'application/json': { schema: narrowed(ref('schemas', 'OAuthError'), codes, ['error']) } },
    };
  }
  const body = {
    schema: {
      type: 'object',
      required: ['token', 'client_id'],
      description: 'RFC 7009 §2.1. Unknown parameters are ignored.',
      properties: {
        token: {
          type: 'string',
          maxLength: CREDENTIAL_MAX_LENGTH,
          description:
            "An access token (`svc_at_…`) or refresh token (`svc_rt_…`) the app was issued: that sign-in's every access and refresh token is revoked.",
        },
        token_type_hint: {
          type: 'string',
          enum: ['access_token', 'refresh_token'],
          description: 'Accepted and not needed: the token says what it is.',
        },
        client_id: {
          type: 'string',
          maxLength: CREDENTIAL_MAX_LENGTH,
          description: "The app's client id, alone (no secret, no HTTP Basic).",
        },
      },
    },
  };
  return {
    post: {
      operationId: 'oauth-revoke',
      summary: "Revoke a first-party app's token (sign out)",
      description: [
        "OAuth 2.0 token revocation (RFC 7009) for first-party apps (decisions §20): the app's sign-out. The body is `application/x-www-form-urlencoded` or `application/json`, with string values, as on the token endpoint. The token's family (every access and refresh token of that sign-in) is revoked; 200 whatever the token.",
        '',
        "An integration's client revokes with `wfm client revoke`, not here: client authentication is 401 `invalid_client`. Errors are the token endpoint's `application/json` body (`error`, `error_description` and the problem members); another method than POST is 405 `method_not_allowed` in the same body, with `Allow: POST`. Rate limited per client IP with the token endpoint's budget.",
      ].join('\n'),
      tags: ['oauth'],
      servers: rootServer('the revocation endpoint'),
      security: [],
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': body, 'application/json': body },
      },
      responses,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Webhooks: what the service POSTs to the endpoints (decisions §14, §17)

/** The delivery settings' defaults (WEBHOOK_RETRY_SCHEDULE, …): the document does not depend on the environment. */
const DELIVERY = parseEnv({});

/** `5` → `5 s`, `1800` → `30 min`, `7200` → `2 h`. */
function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** The Standard Webhooks 1.0 headers of every delivery, as the parameters of each webhook operation. */
const webhookHeaders: Record<string, Json> = {
  'webhook-id': {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      "The event id (the body's `id`), the same on every attempt of a delivery: deduplicate by it (delivery is at least once, in no guaranteed order).",
    schema: { type: 'string', format: 'uuid' },
  },
  'webhook-timestamp': {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this attempt was sent, in whole seconds since the Unix epoch. Refuse a delivery whose timestamp is too far from your clock (Standard Webhooks verifiers allow 5 minutes): it guards against replays.',
    schema: { type: 'integer', format: 'int64', minimum: 0, maximum: 253_402_300_799 },
  },
  'webhook-signature': {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      "Space-separated signatures, each `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the raw body bytes), keyed with the base64-decoded part of the endpoint's `whsec_` secret. Two during the 24 h after a secret rotation (the new secret's first); accept the delivery when any one matches. Verify it with a Standard Webhooks library (the `standardwebhooks` npm package, unchanged).",
    schema: {
      type: 'string',
      pattern: '^v1,[A-Za-z0-9+/]{43}=( v1,[A-Za-z0-9+/]{43}=)?$',
      minLength: 47,
      maxLength: 95,
    },
  },
};

/**
 * `schemas` (trpc-to-openapi's components) with every delivered type's record schema and the
 * records it names, made by the same generator: the event log's (Event) are there already and must
 * come out the same, webhook.test's is no path's and is added. Two different schemas under one
 * name would mean two definitions of one record: refused.
 */
function withEventRecords(schemas: Record<string, Json>): Record<string, Json> {
  const all = { ...schemas };
  for (const type of DELIVERED_EVENT_TYPES) {
    const { components } = createSchema(EVENT_RECORD_SCHEMAS[type], { io: 'output', openapiVersion: '3.1.0' });
    for (const [name, schema] of Object.entries(components)) {
      if (all[name] && !isDeepStrictEqual(all[name], schema)) {
        throw new Error(`The document has two schemas named ${name}: the ${type} record's differs from the paths'`);
      }
      all[name] = schema as Json;
    }
  }
  return all;
}

/**
 * The `webhooks` section: one POST per delivered type, keyed by the type, its body the type's
 * event record (a component shared with the event log, EVENT_RECORD_SCHEMAS), its parameters the
 * signature headers, its responses what the dispatcher makes of the receiver's answer.
 */
function webhooksSection(): Record<string, Json> {
  const schedule = DELIVERY.WEBHOOK_RETRY_SCHEDULE.map(duration).join(', ');
  const timeout = duration(DELIVERY.WEBHOOK_TIMEOUT_MS / 1000);
  return Object.fromEntries(
    DELIVERED_EVENT_TYPES.map((type) => {
      const { summary, description } = EVENT_TYPE_TEXT[type];
      const who =
        type === TEST_EVENT_TYPE
          ? 'Delivered only to the endpoint it was sent to.'
          : `Delivered to every enabled endpoint of the tenant subscribed to \`${type}\` or to \`*\`; subscribing to it needs \`${DELIVERED_EVENT_SCOPES[type]}\`, the scope that shows it in GET /v1/events.`;
      const operation = {
        operationId: `webhook-${type}`,
        summary,
        description: [
          description,
          '',
          who,
          '',
          `POSTed as \`application/json\` to the endpoint's URL, signed per [Standard Webhooks](https://www.standardwebhooks.com/) 1.0 (the three \`webhook-*\` headers) with a \`User-Agent\` naming the product. Answer a 2xx within ${timeout} to acknowledge it; anything else, a redirect (never followed) or no answer in time is a failure, retried after ${schedule}, then \`failed\`. An endpoint whose deliveries fail ${DELIVERY.WEBHOOK_DISABLE_AFTER} times in a row is disabled. Every attempt is listed by GET /v1/webhook-endpoints/{id}/deliveries.`,
        ].join('\n'),
        tags: ['webhooks'],
        parameters: Object.keys(webhookHeaders).map((name) => ref('parameters', name)),
        requestBody: {
          required: true,
          description: `The event record, as GET /v1/events/{id} answers it${type === TEST_EVENT_TYPE ? ' for a logged type' : ''}. Verify the signature over these bytes before parsing them.`,
          content: { 'application/json': { schema: ref('schemas', componentName(type)) } },
        },
        responses: {
          '2XX': {
            description: `Acknowledged: the delivery succeeded (any 2xx within ${timeout}; its body is ignored).`,
          },
          default: {
            description: `A failure: any other status (a 3xx too: redirects are not followed), or no answer within ${timeout}. The delivery is retried after ${schedule}.`,
          },
        },
        // The receiver authenticates the sender by the signature, not by a credential of ours.
        security: [],
      };
      return [type, { post: operation }];
    }),
  );
}

/**
 * Object-level rules an input schema states in its `.meta()` (at least one of some fields, fields
 * that come together, rules by the value of another field), which trpc-to-openapi drops when it
 * rebuilds the body without the path parameters.
 */
const BODY_RULES = ['anyOf', 'oneOf', 'allOf', 'minProperties', 'dependentRequired'] as const;

/**
 * The OpenAPI 3.1 document, generated from the routers and then completed: one problem+json
 * error response per status of the operation's problem codes (those its kind implies and its
 * procedure's `errors`), each the one Problem schema with `code` narrowed to its codes; the
 * X-Request-Id / RateLimit-* / Retry-After headers; per-operation security naming the scope each
 * procedure demands; and POST /oauth/token, which Koa serves. Independent of the environment:
 * `make openapi` writes it to openapi.json, which the server serves as it is (it never runs this
 * generator; a deployment that allows private webhook URLs serves its own `url` pattern,
 * withWebhookUrlPolicy); a test holds the two equal.
 */
export function buildOpenApiDocument(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Workforce API',
    description:
      'Public API of Workforce, an HR and workforce-management product. Errors are RFC 9457 problem documents; lists use the envelope { data, next_cursor, has_more }.',
    version: API_VERSION,
    baseUrl: '/v1',
  }) as unknown as Json;
  const { byOperation } = procedureTable(appRouter);
  const paths = doc.paths as Record<string, Record<string, Json>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const entry = byOperation.get(`${method.toUpperCase()} ${path}`);
      const meta = entry?.meta;
      const input = entry?.procedure._def.inputs[0] as z.ZodType | undefined;
      const limited = meta?.rateLimited !== false;
      // A DELETE is a write too: it runs in a transaction, reads a body (none is expected) and takes Idempotency-Key.
      const write = method === 'post' || method === 'patch' || method === 'delete';
      const query = ((operation.parameters as Json[] | undefined) ?? []).filter((p) => p.in === 'query');
      const codes = byStatus([
        ...impliedProblemCodes({
          credentialed: operation.security !== undefined,
          scoped: meta?.scope !== undefined || meta?.anyScopes !== undefined,
          limited,
          query: query.length > 0,
          list: query.some((p) => p.name === 'cursor'),
          pathId: path.includes('{id}'),
          write,
          versioned: meta?.versioned,
        }),
        ...(meta?.errors ?? []),
      ]);
      // The success responses are trpc-to-openapi's; the errors are one per status of the codes.
      const responses = operation.responses as Record<string, Json>;
      // A success that is not 200 (meta `successStatus`, served by server/http/pipeline/procedure.ts): 202 with the
      // output's body, 204 without any.
      const success = meta?.successStatus;
      if (success && responses['200']) {
        const { content, ...rest } = responses['200'];
        responses[String(success)] = success === 204 ? rest : { ...rest, content };
        delete responses['200'];
      }
      for (const status of Object.keys(responses)) if (Number(status) >= 400) delete responses[status];
      for (const [status, list] of codes) {
        responses[status] = {
          description: describeCodes(status, list),
          content: { 'application/problem+json': { schema: narrowed(ref('schemas', 'Problem'), list) } },
        };
      }
      if (meta?.versioned === 'read') {
        responses['304'] = {
          description: 'Not modified: If-None-Match holds the ETag of the record, which has not changed. No body.',
        };
      }
      for (const [status, response] of Object.entries(responses)) {
        const headers: Json = { 'X-Request-Id': ref('headers', 'X-Request-Id') };
        if (limited) {
          for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'])
            headers[name] = ref('headers', name);
        }
        const code = Number(status);
        // 429 says when the budget is back; 503 (database unavailable) to retry in a second.
        if (code === 429 || code === 503) headers['Retry-After'] = ref('headers', 'Retry-After');
        if (code === 401 || (code === 403 && (meta?.scope || meta?.anyScopes)))
          headers['WWW-Authenticate'] = ref('headers', 'WWW-Authenticate');
        if (write && code !== 429 && code < 500) headers['Idempotent-Replayed'] = ref('headers', 'Idempotent-Replayed');
        if (meta?.versioned && (code === 200 || code === 304)) headers.ETag = ref('headers', 'ETag');
        responses[status] = { description: response.description, headers, content: response.content };
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
        // An empty cursor is a cursor no list issued: 400 invalid_cursor (decisions §1).
        if (parameter.name === 'cursor' && schema)
          Object.assign(schema, { minLength: 1, maxLength: CURSOR_MAX_LENGTH });
        // A list in a query (the event log's `type`) is one comma-separated value; a parameter
        // given twice is refused (decisions §15).
        if (parameter.in === 'query' && schema?.type === 'array')
          Object.assign(parameter, { style: 'form', explode: false });
      }
      if (write) {
        operation.parameters = [
          ...((operation.parameters as Json[] | undefined) ?? []),
          ref('parameters', 'Idempotency-Key'),
        ];
      }
      // A versioned record's precondition (decisions §19): If-None-Match on its GET, If-Match on a conditional write.
      if (meta?.versioned === 'read' || meta?.versioned === 'conditional') {
        const precondition = meta.versioned === 'read' ? 'If-None-Match' : 'If-Match';
        operation.parameters = [
          ...((operation.parameters as Json[] | undefined) ?? []),
          ref('parameters', precondition),
        ];
      }
      // The scope sits on the OAuth requirement (and x-required-scope): bearer schemes take no scopes.
      if (meta?.scope) {
        operation.security = [{ bearerAuth: [] }, { oauth2: [meta.scope] }];
        operation['x-required-scope'] = meta.scope;
      } else if (meta?.anyScopes) {
        // Any one of the scopes (the event log): alternative requirements, and the list beside.
        operation.security = [{ bearerAuth: [] }, ...meta.anyScopes.map((scope) => ({ oauth2: [scope] }))];
        operation['x-required-scope-any-of'] = [...meta.anyScopes];
      } else if (operation.security) {
        operation.security = [{ bearerAuth: [] }, { oauth2: [] }];
      } else {
        operation.security = [];
      }
    }
  }
  paths[TOKEN_PATH] = tokenPathItem();
  paths[AUTHORIZE_PATH] = authorizePathItem();
  paths[REVOKE_PATH] = revokePathItem();
  const existing = (doc.components ?? {}) as Record<string, Json>;
  doc.components = {
    ...existing,
    // trpc-to-openapi's own `error.*` schemas describe the JSON errors replaced above by Problem.
    schemas: {
      ...withEventRecords(
        Object.fromEntries(
          Object.entries(existing.schemas ?? {}).filter(([name]) => !name.startsWith('error.')),
        ) as Record<string, Json>,
      ),
      ...components.schemas,
      ...tokenSchemas,
    },
    headers: { ...components.headers, ...tokenHeaders },
    parameters: {
      ...webhookHeaders,
      'Idempotency-Key': {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      },
      'If-None-Match': {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description:
          'The ETag of your copy (`"<version>"`, a list of them, or `*`): when the record is still at that version, 304 without a body. A malformed value is 400 invalid_header.',
        schema: { type: 'string', minLength: 1, maxLength: 1024 },
      },
      'If-Match': {
        name: 'If-Match',
        in: 'header',
        required: false,
        description:
          'Makes the write conditional (decisions §19): `"<version>"` (the ETag of your copy, or a list of them) writes only when the record is at that version, else 412 precondition_failed and nothing is written; `*` always matches. Decided after the record and the actor are checked (404, 403), before the business rules (409, 422). A replay of an Idempotency-Key answers the stored response whatever If-Match says. A malformed value is 400 invalid_header.',
        schema: { type: 'string', minLength: 1, maxLength: 1024 },
      },
    },
    securitySchemes: components.securitySchemes,
  };
  doc.webhooks = webhooksSection();
  const used = new Set(
    [paths, doc.webhooks as typeof paths].flatMap((items) =>
      Object.values(items).flatMap((ops) =>
        Object.values(ops).flatMap((op) => (op.tags as string[] | undefined) ?? []),
      ),
    ),
  );
  doc.tags = [...used].sort().map((name) => ({ name, description: tagDescriptions[name] ?? name }));
  (doc.info as Json).contact = { name: 'Workforce API', url: 'https://docs.workforce.example' };
  // The one server is this public API itself (OWASP API9: declare each server's audience).
  doc.servers = ((doc.servers as Json[] | undefined) ?? []).map((server) => ({ ...server, 'x-internal': false }));
  stateImpliedBounds(doc.paths);
  stateImpliedBounds(doc.components);
  stateImpliedBounds(doc.webhooks);
  return doc as unknown as OpenAPIObject;
}
