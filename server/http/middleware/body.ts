/**
 * Reads a JSON request body under decisions §1's rules: 64 KiB at most, application/json only, valid
 * JSON of bounded depth (413, 415, 400 invalid_json).
 */
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import { ApiError } from '../../../core/problems.js';

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
