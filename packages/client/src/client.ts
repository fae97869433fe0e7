// createClient: the openapi-fetch client over the generated paths, with the transport's credentials,
// keys, timeouts and retries, plus `paginate` over every list. It adds no call of its own.
import createOpenApiClient, { type Client, type MaybeOptionalInit, removeTrailingSlash } from 'openapi-fetch';
import { type Problem, WorkforceError } from './errors.js';
import { type EventOf, type FollowOptions, followEvents } from './follow.js';
import { type OAuthOptions, oauthCredentials } from './oauth.js';
import type { paths } from './openapi.js';
import { MAX_RETRY_DELAY_MS } from './retries.js';
import { type Fetch, type RetryEvent, transport } from './transport.js';
import type { Event } from './types.js';

export interface ClientOptions {
  /** The API's origin, `https://api.example.com`: paths are the full URL paths (`/v1/employees`). */
  baseUrl: string;
  /** An API key (`svc_live_…`, `svc_test_…`), sent as a Bearer token. */
  apiKey?: string;
  /** An OAuth client: tokens come from `/oauth/token` (client credentials). */
  oauth?: OAuthOptions;
  /** Retries of one call after 429, 502/503/504, a network error or a timeout (default 2). */
  maxRetries?: number;
  /** Milliseconds each attempt of a call may take (default 30,000). */
  timeout?: number;
  /** Milliseconds a whole call may take, its retries and waits included (default: no limit but `timeout` per attempt). */
  totalTimeout?: number;
  /** The longest `Retry-After` waited out, in milliseconds (default 60,000); a longer one answers at once. */
  maxRetryDelay?: number;
  /** Called before each wait for a retry, to log it; a hook that throws ends the call with its error. */
  onRetry?: (retry: RetryEvent) => void;
  /** The fetch to send with (default the global one). */
  fetch?: Fetch;
}

/** The JSON body of a path's GET 200 answer. */
type PageOf<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Page } } } };
}
  ? Page
  : never;

/** Every path whose GET answers the list envelope (`data`, `next_cursor`, `has_more`). */
export type ListPath = {
  [P in keyof paths]: PageOf<P> extends { data: unknown[]; next_cursor: string | null; has_more: boolean } ? P : never;
}[keyof paths];

/** The record a list path lists: `ListItem<'/v1/employees'>` is an Employee. */
export type ListItem<P extends ListPath> = PageOf<P> extends { data: (infer Item)[] } ? Item : never;

/** One page of a list path as the API answers it: `data`, `next_cursor`, `has_more`. */
export type ListPage<P extends ListPath> = PageOf<P>;

/** What `paginate` answers: every record of the list (`for await`), or with `pages()` every page. */
export interface Pagination<P extends ListPath> extends AsyncIterable<ListItem<P>> {
  /**
   * Every page, in order, with its `next_cursor`: keep it, and a later `paginate` given it as
   * `params.query.cursor` goes on with the next page.
   */
  pages(): AsyncGenerator<ListPage<P>, void>;
}

/** What `GET` on `P` takes (`{ params: { query } }`, a `signal`), required when the path has required parameters. */
type PageInit<P extends ListPath> = MaybeOptionalInit<paths[P], 'get'>;
type PageInitArgs<P extends ListPath> = undefined extends PageInit<P> ? [init?: PageInit<P>] : [init: PageInit<P>];

export interface WorkforceClient extends Client<paths> {
  /**
   * Every item of every page of a list, in order, page by page as the loop asks for them, following
   * `next_cursor` until `has_more` is false; `.pages()` for the pages themselves. Each loop starts
   * again from `init` (its `params.query.cursor`, if given). A refused page throws a WorkforceError.
   */
  paginate<P extends ListPath>(path: P, ...init: PageInitArgs<P>): Pagination<P>;
  events: {
    /**
     * The tenant's events as they are committed, oldest first, for as long as the loop runs: polls
     * `after=` the last event, waiting longer while there is none. See FollowOptions.
     */
    follow<T extends Event['type'] = Event['type']>(options?: FollowOptions<T>): AsyncIterable<EventOf<T>>;
  };
}

type AnyInit = { params?: { query?: Record<string, unknown> } } & Record<string, unknown>;
type AnyGet = (path: string, init: AnyInit) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
type AnyPage = { data: unknown[]; next_cursor: string | null; has_more: boolean };

export function createClient(options: ClientOptions): WorkforceClient {
  const { baseUrl, apiKey, oauth, maxRetries = 2, timeout = 30_000, maxRetryDelay = MAX_RETRY_DELAY_MS } = options;
  if (apiKey !== undefined && oauth !== undefined) throw new TypeError('createClient: give apiKey or oauth, not both');
  if (!Number.isInteger(maxRetries) || maxRetries < 0)
    throw new TypeError('createClient: maxRetries is an integer >= 0');
  if (!(timeout > 0)) throw new TypeError('createClient: timeout is a number of milliseconds > 0');
  if (options.totalTimeout !== undefined && !(options.totalTimeout > 0))
    throw new TypeError('createClient: totalTimeout is a number of milliseconds > 0');
  if (!(maxRetryDelay >= 0)) throw new TypeError('createClient: maxRetryDelay is a number of milliseconds >= 0');
  const sending = {
    fetch: options.fetch ?? ((request: Request) => globalThis.fetch(request)),
    maxRetries,
    timeout,
    totalTimeout: options.totalTimeout,
    maxRetryDelay,
    onRetry: options.onRetry,
  };
  const credentials = oauth
    ? oauthCredentials(oauth, `${removeTrailingSlash(baseUrl)}/oauth/token`, transport(sending))
    : apiKey !== undefined
      ? { authorization: async () => `Bearer ${apiKey}` }
      : undefined;
  const client = createOpenApiClient<paths>({
    baseUrl,
    // The document's array parameters (`type` of /v1/events) are `style: form, explode: false`: one
    // comma list, `?type=a,b`. The API refuses a repeated parameter (`?type=a&type=b`).
    querySerializer: { array: { style: 'form', explode: false } },
    fetch: transport({ ...sending, credentials }),
  });
  // openapi-fetch's GET is typed per path; paginate has checked its path and init against those types.
  const get = client.GET as unknown as AnyGet;

  async function* pages(path: string, init?: AnyInit): AsyncGenerator<AnyPage, void> {
    let query = init?.params?.query;
    for (;;) {
      const { data, error, response } = await get(path, { ...init, params: { ...init?.params, query } });
      if (data === undefined) throw new WorkforceError(response, error as Problem, { method: 'GET', path });
      const page = data as AnyPage;
      yield page;
      if (!page.has_more || page.next_cursor === null) return;
      query = { ...query, cursor: page.next_cursor };
    }
  }

  const paginate = (path: string, init?: AnyInit) => ({
    pages: () => pages(path, init),
    async *[Symbol.asyncIterator]() {
      for await (const page of pages(path, init)) yield* page.data;
    },
  });

  return Object.assign(client, {
    paginate: paginate as WorkforceClient['paginate'],
    events: { follow: <T extends Event['type']>(options?: FollowOptions<T>) => followEvents(client, options) },
  });
}
