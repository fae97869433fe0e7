import { createRequire } from 'node:module';
import { isatty } from 'node:tty';
import pino, { type Logger } from 'pino';
import type { Env } from './env.js';

/**
 * What an error may put in a log line (decisions §16). A database error can carry row contents:
 * PostgreSQL's `detail` ("Failing row contains (…, <a medical leave reason>, …)") and "Key (email)=(…)",
 * messages that quote the offending value ("invalid input syntax for type uuid: \"…\""), the query
 * (`internalQuery`, `where`) and, from some drivers, the SQL with its parameters. MikroORM copies
 * all of it onto its exceptions and appends the detail to the message, and pino's standard
 * serializer logs message, stack and every own property, for each error of the cause chain.
 *
 * So a database error (anything with an SQLSTATE) is logged by its class, SQLSTATE and the names of
 * what it concerns (constraint, schema, table, column, data type), with its stack frames but never
 * its message. Other errors keep their message and stack, unless the message repeats that of a
 * database error further down the chain (tRPC copies its cause's message), and only their own
 * plain properties, minus any that name a query or its parameters.
 */

/** SQLSTATE: five digits or upper-case letters (`23514`, `55P03`). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The parts of a database error that name things without holding data. */
const SAFE_DATABASE_FIELDS = ['code', 'severity', 'constraint', 'schema', 'table', 'column', 'dataType', 'routine'];

/** Own properties never logged, whatever the error: row contents, SQL, parameters, raw request bytes. */
const NEVER_LOGGED = new Set([
  'message',
  'stack',
  'cause',
  'detail',
  'hint',
  'where',
  'internalQuery',
  'query',
  'sql',
  'sqlMessage',
  'errmsg',
  'params',
  'parameters',
  'bindings',
  'values',
  'rawPacket',
]);

const MAX_CAUSES = 8;

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  [key: string]: unknown;
}

/** A PostgreSQL (node-postgres, PGlite) error, or MikroORM's exception made from one. */
function isDatabaseError(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error)) return false;
  const { code, severity, sqlState } = error as { code?: unknown; severity?: unknown; sqlState?: unknown };
  // `severity` (ERROR, FATAL) comes with every server error; Node's own codes (`EPIPE`) have none.
  return typeof code === 'string' && SQLSTATE.test(code) && (typeof severity === 'string' || sqlState !== undefined);
}

function typeOf(error: Error): string {
  return error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name;
}

/** The stack's frames (`    at …` lines) without the message the first lines repeat. */
function framesOf(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function databaseMessages(error: Error): string[] {
  const messages: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < MAX_CAUSES; depth++, e = e.cause) {
    if (isDatabaseError(e)) {
      const first = e.message.split('\n')[0].trim();
      if (first) messages.push(first);
    }
  }
  return messages;
}

function serializeOne(error: Error, hidden: string[]): SerializedError {
  const type = typeOf(error);
  if (isDatabaseError(error)) {
    const out: SerializedError = { type, message: `${type} (SQLSTATE ${error.code})` };
    for (const field of SAFE_DATABASE_FIELDS) {
      const value = (error as unknown as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) out[field] = value;
    }
    const frames = framesOf(error);
    if (frames) out.stack = `${out.message}\n${frames}`;
    return out;
  }
  const message = hidden.some((m) => error.message.includes(m))
    ? '[message of a database error; see cause]'
    : error.message;
  const out: SerializedError = { type, message };
  for (const [key, value] of Object.entries(error)) {
    if (NEVER_LOGGED.has(key)) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  const frames = framesOf(error);
  out.stack = frames ? `${type}: ${message}\n${frames}` : `${type}: ${message}`;
  return out;
}

/** pino's `err` serializer: the error and its causes, without row contents, SQL or parameters. */
function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const hidden = databaseMessages(value);
  const chain: Error[] = [];
  for (let e: unknown = value; e instanceof Error && chain.length < MAX_CAUSES && !chain.includes(e); e = e.cause) {
    chain.push(e);
  }
  let serialized: SerializedError | undefined;
  for (const error of chain.reverse()) {
    const one = serializeOne(error, hidden);
    if (serialized) one.cause = serialized;
    serialized = one;
  }
  return serialized;
}

/**
 * pino's `logMethod` hook: `logger.error(error)` with no message of its own would use the error's
 * message as the line's `msg`; it gets the serialized (safe) message instead.
 */
function safeLogMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
  if (args.length === 1 && args[0] instanceof Error) {
    method.apply(this, [args[0], (serializeError(args[0]) as SerializedError).message]);
    return;
  }
  method.apply(this, args);
}

/** Log output buffered before a write (about twenty request lines), and flushed at least this often. */
const LOG_BUFFER_BYTES = 8192;
const LOG_FLUSH_MS = 250;

/**
 * Where the lines of a logger on file descriptor `fd` go. A terminal (`make run`) gets them
 * human-readable through pino-pretty, loaded only then, written synchronously so that none is
 * lost or late in an interactive session. Anything else gets one JSON object a line, written
 * asynchronously: lines are buffered and written off the event loop, at least every 250 ms, and
 * flushed at shutdown (`flushLogger`) and, synchronously, when the process exits, a fatal exit
 * included (pino's exit hook).
 */
function logDestination(fd: number): pino.DestinationStream {
  if (isatty(fd)) {
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    return pretty({
      destination: fd,
      sync: true,
      colorize: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,service',
    });
  }
  return pino.destination({ dest: fd, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS });
}

/**
 * The process's logger, on a file descriptor (stdout by default; see logDestination) or a stream.
 * Its `err` serializer (server/main/logging.ts) keeps row contents, SQL and query parameters of database
 * errors out of every log line that logs an error (decisions §16).
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination: number | pino.DestinationStream = 1): Logger {
  return pino(
    {
      level: env.LOG_LEVEL,
      base: { service: 'workforce-api' },
      serializers: { err: serializeError },
      hooks: { logMethod: safeLogMethod },
    },
    typeof destination === 'number' ? logDestination(destination) : destination,
  );
}

/** Writes out what the logger still buffers (waits at most a second). */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    timer.unref();
    try {
      logger.flush(() => {
        clearTimeout(timer);
        resolve();
      });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}
