/**
 * The body step of a write: its path id, its JSON body under decisions §1's rules (64 KiB at most,
 * application/json only, valid JSON of bounded depth: 413, 415, 400 invalid_json), its
 * Idempotency-Key and its If-Match, read before the procedure; what is wrong with them is kept on the
 * request's state (`inputError`), which the procedure throws after the credential and scope checks.
 */
import type { IncomingMessage } from 'node:http';
import type { Context as KoaContext } from 'koa';
import getRawBody from 'raw-body';
import { deferInputError, type RequestState } from '../../../core/context.js';
import { ApiError } from '../../../core/problems.js';
import { idParam } from '../../../core/records.js';
import { type Meta, malformedPathId } from '../../../core/trpc.js';
import { readIfMatch } from '../conditional.js';
import type { RestRoute } from '../procedureTable.js';

export const MAX_BODY_BYTES = 64 * 1024;
/**
 * Deepest nesting accepted (the top-level value is depth 1). No documented body nests past 2; a
 * deeper one would otherwise overflow the stack of recursive walks such as the idempotency
 * fingerprint's canonical JSON (a 2,000-level body answered 500).
 */
const MAX_JSON_DEPTH = 32;

/** Whether `value` nests deeper than `max`, walked without recursion. */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isJson(contentType: string | undefined): boolean {
  const media = contentType?.split(';')[0].trim().toLowerCase();
  return media === 'application/json';
}

/**
 * Reads a JSON request body (decisions §1): application/json only (415), at most 64 KiB (413),
 * valid JSON nested at most MAX_JSON_DEPTH levels (400 invalid_json). Returns the parsed value, or
 * undefined when there is no body.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  if (!hasBody(req)) return undefined;
  if (!isJson(req.headers['content-type'])) {
    req.resume();
    throw new ApiError('unsupported_media_type', { detail: 'Send the body as Content-Type: application/json.' });
  }
  let text: string;
  try {
    text = await getRawBody(req, { limit: MAX_BODY_BYTES, encoding: 'utf8' });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large') {
      throw new ApiError('payload_too_large', { detail: `The body exceeds ${MAX_BODY_BYTES} bytes.` });
    }
    throw new ApiError('invalid_json', { detail: 'The request body could not be read.' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json', { detail: 'The request body is not valid JSON.' });
  }
  if (nestsDeeperThan(parsed, MAX_JSON_DEPTH)) {
    throw new ApiError('invalid_json', { detail: `The request body nests deeper than ${MAX_JSON_DEPTH} levels.` });
  }
  return parsed;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header when well formed (decisions §6); a malformed one is 400 invalid_idempotency_key. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(header)) {
    throw new ApiError('invalid_idempotency_key', {
      detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
    });
  }
  return header;
}

const uuid = idParam.shape.id;

/**
 * Whether the `{id}` segment of a path (at `index` of its route's template, -1 if it has none) is
 * a UUID, as the procedure will demand.
 */
function hasWellFormedId(index: number, subPath: string): boolean {
  if (index < 0) return true;
  try {
    return uuid.safeParse(decodeURIComponent(subPath.split('/')[index])).success;
  } catch {
    return false; // malformed percent-encoding
  }
}

/**
 * trpc-to-openapi merges path parameters over the body, so a body `id` would be silently replaced
 * by the path's; it is an unknown body field like any other (400 invalid_body).
 */
function rejectPathParamsInBody(body: unknown, pathParams: readonly string[]): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const params = pathParams.filter((name) => Object.hasOwn(body, name));
  if (params.length) {
    throw new ApiError('invalid_body', {
      detail: `The request body has ${params.length} problem(s).`,
      errors: params.map((path) => ({ path, message: 'Unknown field (it is part of the path)' })),
    });
  }
}

/**
 * The step, for a /v1 write to `route`: returns its body (undefined when there is none or it could
 * not be read), and sets the state's `idempotencyKey` and `ifMatch`, or its `inputError`.
 */
export async function readWriteInput(
  ctx: KoaContext,
  state: RequestState,
  route: RestRoute,
  subPath: string,
  meta: Meta | undefined,
): Promise<unknown> {
  let body: unknown;
  const idempotencyKey = await deferInputError(state, async () => {
    // The path id is judged before anything about the body or the key (decisions §1).
    if (!hasWellFormedId(route.idSegment, subPath)) throw malformedPathId();
    body = await readJsonBody(ctx.req);
    rejectPathParamsInBody(body, route.params);
    return parseIdempotencyKey(ctx.req.headers['idempotency-key'] as string | undefined);
  });
  // A conditional write's versions (decisions §19); read apart from the key, so that a replay
  // answers its stored response whatever If-Match says, a malformed one included.
  if (!state.inputError) await deferInputError(state, async () => readIfMatch(state, meta, ctx.req.headers));
  state.idempotencyKey = idempotencyKey; // the write's events record it (decisions §14)
  return body;
}
