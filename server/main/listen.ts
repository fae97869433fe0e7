/**
 * `wfm listen` (like `stripe listen`): a tenant's events, followed through the public API with
 * @workforce/client's own follower from the newest event on, each forwarded to a local URL as a
 * delivery is sent (the same body and Standard Webhooks headers, signed with a `whsec_…` secret kept
 * under DATA_DIR). The last event forwarded is kept per server and key, so a restart goes on after it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_VERSION, PRODUCT } from '../../core/product.js';
import {
  createClient,
  type Event,
  EventPositionExpiredError,
  WorkforceError,
} from '../../packages/client/src/index.js';
import { failureOutcome, webhookSignature } from '../../routers/webhooks/webhookDeliveries.rules.js';

export interface ListenOptions {
  /** Where each event is POSTed. */
  forwardTo: string;
  /** The API's origin. */
  baseUrl: string;
  apiKey: string;
  /** Only these event types; every type the key may read when undefined. */
  events: Event['type'][] | undefined;
  /** Where the secret and the positions are kept (DATA_DIR/listen). */
  dir: string;
  /** Milliseconds the receiver has to answer (WEBHOOK_TIMEOUT_MS, as real deliveries). */
  timeoutMs: number;
  /** One JSON object per line instead of text. */
  json: boolean;
  /** Ends the command (SIGTERM, ^C). */
  signal: AbortSignal;
}

/** Waits between polls while nothing happens: at most 2 s, as a developer watching a terminal expects. */
const IDLE = { idleDelay: 250, maxIdleDelay: 2000 };

const USER_AGENT = `${PRODUCT}-Webhooks/${API_VERSION} (Standard Webhooks 1.0; wfm listen)`;

/** The signing secret of this DATA_DIR, made on first use in an endpoint's format (`whsec_` and 24 random bytes). */
function signingSecret(dir: string): string {
  const file = path.join(dir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The file keeping the position of one server and key: `{ after }`, null for the log's start. */
function positionFile(dir: string, baseUrl: string, keyId: string): string {
  const name = createHash('sha256').update(`${baseUrl}\n${keyId}`).digest('hex').slice(0, 16);
  return path.join(dir, `${name}.json`);
}

/** What the receiver answered, or why it did not. */
interface Forwarded {
  status: number | null;
  error: string | null;
  durationMs: number;
}

async function forward(event: Event, options: ListenOptions, secret: string): Promise<Forwarded> {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(options.forwardTo, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': event.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature([secret], event.id, timestamp, body),
      },
      body,
    });
    await res.body?.cancel();
    return { status: res.status, error: null, durationMs: durationMs() };
  } catch (error) {
    return { status: null, error: failureOutcome(error, options.timeoutMs).error, durationMs: durationMs() };
  }
}

/** Follows and forwards until `options.signal` aborts. Throws what stops it otherwise (a refused key, …). */
export async function listen(options: ListenOptions): Promise<void> {
  const { signal, json } = options;
  const print = (text: string, value: Record<string, unknown>) =>
    process.stdout.write(`${json ? JSON.stringify(value) : text}\n`);
  const workforce = createClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });
  const whoami = await workforce.GET('/v1/whoami', { signal });
  if (!whoami.data) throw new WorkforceError(whoami.response, whoami.error);
  const { key_id: keyId, env } = whoami.data.data;

  mkdirSync(options.dir, { recursive: true });
  const secret = signingSecret(options.dir);
  const file = positionFile(options.dir, options.baseUrl, keyId);
  const keep = (after: string | null) =>
    writeFileSync(file, `${JSON.stringify({ base_url: options.baseUrl, key_id: keyId, after })}\n`);
  /** The newest event's id (null: none yet), kept as the position to go on from. */
  const startFromNewest = async () => {
    const { data, error, response } = await workforce.GET('/v1/events', {
      params: { query: { order: 'desc', limit: 1, type: options.events } },
      signal,
    });
    if (!data) throw new WorkforceError(response, error);
    const after = data.data[0]?.id ?? null;
    keep(after);
    return after;
  };

  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { after: string | null }) : undefined;
  let after = kept ? kept.after : await startFromNewest();
  const from = kept ? (after ? `after event ${after}, where it stopped` : 'the log’s start') : 'the newest event on';
  print(
    `Ready. Your webhook signing secret is ${secret} (^C to quit)\n` +
      `Forwarding the events of ${keyId} (${env}) at ${options.baseUrl} to ${options.forwardTo}, from ${from}` +
      `${options.events ? ` (only ${options.events.join(', ')})` : ''}`,
    {
      secret,
      base_url: options.baseUrl,
      key_id: keyId,
      forward_to: options.forwardTo,
      events: options.events ?? null,
      after,
    },
  );

  for (;;) {
    try {
      for await (const event of workforce.events.follow({
        after: after ?? undefined,
        from: 'start',
        types: options.events,
        signal,
        ...IDLE,
      })) {
        const sent = await forward(event, options, secret);
        // Stopped while sending: not kept, so the next start sends it again (at least once, as deliveries).
        if (signal.aborted) return;
        after = event.id;
        keep(after);
        const outcome = sent.status === null ? `failed: ${sent.error}` : String(sent.status);
        print(`${event.created_at}  ${event.type.padEnd(25)} ${event.id}  → ${outcome} (${sent.durationMs} ms)`, {
          id: event.id,
          type: event.type,
          created_at: event.created_at,
          status: sent.status,
          error: sent.error,
          duration_ms: sent.durationMs,
        });
      }
      return;
    } catch (error) {
      if (!(error instanceof EventPositionExpiredError)) throw error;
      after = await startFromNewest();
      print(
        `The kept position ${error.position} has expired (${error.problem.detail ?? error.message}); ` +
          'going on from the newest event',
        { expired: error.position, after },
      );
    }
  }
}
