/**
 * Conditional requests on versioned records (decisions §19, RFC 9110 §8.8.3 and §13), the one place
 * the HTTP edge handles them: the `ETag: "<version>"` a versioned record answers with, If-None-Match
 * on its GET (304), and If-Match on a conditional write, parsed into the versions the write accepts
 * (`RequestState.ifMatch`, which the procedure hands its write). Which operations take part is their
 * procedure's meta (`versioned`).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestState } from '../../core/context.js';
import { ApiError } from '../../core/problems.js';
import type { Meta } from '../../core/trpc.js';
import type { ExpectedVersions } from '../../core/versions.js';
import type { RestOutcome } from './outcome.js';

/** An entity tag (RFC 9110 §8.8.3): optionally weak, then an opaque quoted value. */
const TAG = '(?:W/)?"[\\x21\\x23-\\x7e\\x80-\\xff]*"';
/** `*`, or a comma-separated list of entity tags (empty elements allowed, RFC 9110 §5.6.1.2). */
const TAG_LIST = new RegExp(`^(?:\\*|(?:\\s*,)*\\s*${TAG}(?:\\s*,(?:\\s*,)*\\s*${TAG})*(?:\\s*,)*)\\s*$`);
const EACH_TAG = /(W\/)?"([^"]*)"/g;
/** The opaque value of a version's tag: what `etagOf` writes. */
const VERSION = /^[1-9][0-9]{0,9}$/;

/** A record version's entity tag. */
function etagOf(version: number): string {
  return `"${version}"`;
}

interface ParsedTags {
  any: boolean;
  tags: { weak: boolean; version: number | undefined }[];
}

/** An If-Match or If-None-Match value; anything but `*` or a list of entity tags is 400 invalid_header. */
function parseTags(name: string, value: string): ParsedTags {
  if (!TAG_LIST.test(value)) {
    throw new ApiError('invalid_header', {
      detail: `${name} must be * or a list of entity tags, such as ${name}: "3" (the ETag of the record).`,
    });
  }
  if (value.trim() === '*') return { any: true, tags: [] };
  const tags = [...value.matchAll(EACH_TAG)].map(([, weak, opaque]) => ({
    weak: weak !== undefined,
    version: VERSION.test(opaque) ? Number(opaque) : undefined,
  }));
  return { any: false, tags };
}

/** A header's one value; a header sent twice is a list (Node joins most, but not every, header). */
const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * For an operation whose meta makes it conditional, the versions its If-Match accepts, set on the
 * request for its procedure: none without the header or with `*`; strong comparison (RFC 9110
 * §13.1.1), so a weak tag, or one that names no version, matches nothing. A malformed value throws
 * 400 invalid_header (the pipeline keeps it for after the credential and scope checks).
 */
export function readIfMatch(state: RequestState, meta: Meta | undefined, headers: IncomingHttpHeaders): void {
  if (meta?.versioned !== 'conditional') return;
  const value = headerValue(headers['if-match']);
  if (value === undefined) return;
  const { any, tags } = parseTags('If-Match', value);
  state.ifMatch = any
    ? undefined
    : (tags.flatMap((tag) => (tag.weak || tag.version === undefined ? [] : [tag.version])) as ExpectedVersions);
}

/**
 * For a GET of a versioned record, what If-None-Match asks, parsed before the procedure runs (a
 * malformed value throws 400 invalid_header); undefined without the header.
 */
export function readIfNoneMatch(meta: Meta | undefined, headers: IncomingHttpHeaders): ParsedTags | undefined {
  if (meta?.versioned !== 'read') return undefined;
  const value = headerValue(headers['if-none-match']);
  return value === undefined ? undefined : parseTags('If-None-Match', value);
}

/** The version of the record a procedure answered (`{ data: { version } }`), if it has one. */
function versionOf(answer: unknown): number | undefined {
  const version = (answer as { data?: { version?: unknown } } | undefined)?.data?.version;
  return typeof version === 'number' ? version : undefined;
}

/**
 * The /v1 answer of a versioned operation's success: its record's ETag, and for a GET whose
 * If-None-Match holds it (weak comparison, RFC 9110 §13.1.2) 304 without a body.
 */
export function versionedOutcome(
  meta: Meta | undefined,
  answer: unknown,
  outcome: RestOutcome,
  ifNoneMatch: ParsedTags | undefined,
): RestOutcome {
  if (!meta?.versioned || outcome.status !== 200) return outcome;
  const version = versionOf(answer);
  if (version === undefined) return outcome;
  const headers = { ...outcome.headers, ETag: etagOf(version) };
  if (ifNoneMatch && (ifNoneMatch.any || ifNoneMatch.tags.some((tag) => tag.version === version))) {
    return { status: 304, contentType: outcome.contentType, body: '', headers };
  }
  return { ...outcome, headers };
}

/**
 * A replayed answer of a versioned write (an Idempotency-Key's stored response, which keeps no
 * headers) with the ETag of the record it holds.
 */
export function replayedWithEtag(meta: Meta | undefined, outcome: RestOutcome): RestOutcome {
  if (!meta?.versioned || outcome.status !== 200 || outcome.headers.ETag) return outcome;
  try {
    return versionedOutcome(meta, JSON.parse(outcome.body), outcome, undefined);
  } catch {
    return outcome;
  }
}
