/**
 * An EventSource over fetch, for `events.onEvent` (decisions §20): the server takes the bearer in
 * the Authorization header only, and a browser's own EventSource cannot send a header. It follows
 * the server-sent events format (https://html.spec.whatwg.org/multipage/server-sent-events.html)
 * as far as tRPC's httpSubscriptionLink reads it: named events, `data`, `id`, `retry`; it
 * reconnects with `Last-Event-ID` when the stream drops. A refusal before the stream (401, 403,
 * 429, …: JSON in tRPC's error shape) closes it for good, its error event carrying that body, so
 * the subscription fails with a TRPCClientError whose `data.code` is the problem code.
 */

/** How the subscription link creates one: the headers are asked for at every (re)connection. */
export interface BearerEventSourceInit {
  headers: () => Promise<Record<string, string>>;
  fetch: typeof fetch;
}

/**
 * What a listener gets: `data` and `lastEventId` for messages; for a refusal `error` (tRPC's error
 * shape), for a token that could not be had `message`.
 */
export interface BearerEventSourceEvent {
  type: string;
  data?: string;
  lastEventId?: string;
  error?: unknown;
  message?: string;
}

type Listener = (event: BearerEventSourceEvent) => void;

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;
/** The spec leaves the first reconnection delay to the client; the server's `retry:` replaces it. */
const DEFAULT_RETRY_MS = 1_000;

export class BearerEventSource {
  readonly CONNECTING = CONNECTING;
  readonly OPEN = OPEN;
  readonly CLOSED = CLOSED;
  readyState: number = CONNECTING;
  readonly url: string;
  readonly #init: BearerEventSourceInit;
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #abort = new AbortController();
  #lastEventId = '';
  #retryMs = DEFAULT_RETRY_MS;

  constructor(url: string, init?: BearerEventSourceInit) {
    if (!init) throw new TypeError('BearerEventSource needs its headers and fetch');
    this.url = url;
    this.#init = init;
    void this.#run();
  }

  addEventListener(type: string, listener: Listener): void {
    const listeners = this.#listeners.get(type) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(type, listeners);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.#listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = CLOSED;
    this.#abort.abort();
  }

  #dispatch(event: BearerEventSourceEvent): void {
    for (const listener of [...(this.#listeners.get(event.type) ?? [])]) listener(event);
  }

  /** Connects, reads the stream to its end, and reconnects after `retry` until closed or refused. */
  async #run(): Promise<void> {
    while (this.readyState !== CLOSED) {
      let headers: Record<string, string>;
      try {
        headers = await this.#init.headers();
      } catch (error) {
        // No token (signed out, a refresh refused): the subscription ends with that error.
        this.readyState = CLOSED;
        this.#dispatch({ type: 'error', message: error instanceof Error ? error.message : String(error) });
        return;
      }
      try {
        const refused = await this.#connect(headers);
        if (refused !== undefined) {
          this.readyState = CLOSED;
          this.#dispatch({ type: 'error', error: refused });
          return;
        }
      } catch {
        // A network failure or a dropped stream: reconnect, as a browser's EventSource does.
      }
      if (this.readyState === CLOSED) return;
      this.readyState = CONNECTING;
      this.#dispatch({ type: 'error', message: 'The event stream was interrupted: reconnecting' });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#retryMs);
        this.#abort.signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    }
  }

  /** One connection: `undefined` when the stream ended, else the refusal's error (tRPC's shape). */
  async #connect(credentials: Record<string, string>): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...credentials };
    if (this.#lastEventId) headers['Last-Event-ID'] = this.#lastEventId;
    const response = await this.#init.fetch(this.url, { headers, signal: this.#abort.signal });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
      const text = await response.text().catch(() => '');
      try {
        const body = JSON.parse(text) as { error?: unknown };
        if (body && typeof body === 'object' && body.error) return body.error;
      } catch {
        // Not JSON: a proxy's page. The status says what there is to say.
      }
      return { code: -32603, message: `The subscription was refused with HTTP ${response.status}`, data: undefined };
    }
    this.readyState = OPEN;
    this.#dispatch({ type: 'open' });
    await this.#read(response.body);
    return undefined;
  }

  /** Parses the stream line by line, dispatching each event at its blank line. */
  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let type = '';
    let data: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      // A \r that ends the chunk may be the first half of a \r\n: wait for what follows it.
      if (buffer.endsWith('\r')) continue;
      const lines = buffer.split(/\r\n|\r|\n/);
      // The last piece may be a line cut in two (or a \r before its \n): keep it for the next chunk.
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0)
            this.#dispatch({ type: type || 'message', data: data.join('\n'), lastEventId: this.#lastEventId });
          type = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') type = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id' && !value.includes('\0')) this.#lastEventId = value;
        else if (field === 'retry' && /^\d+$/.test(value)) this.#retryMs = Number(value);
      }
    }
  }
}
