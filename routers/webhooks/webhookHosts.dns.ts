import type { LookupAddress, LookupOptions } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type HostResolver, isPublicAddress, MAX_URL_LENGTH } from './webhookUrls.rules.js';

/**
 * How the hosts of webhook URLs are resolved (decisions §18, §21): the DNS side of the URL rule
 * (webhookUrls.rules.ts), for the writes that check a URL and for the dispatcher's connections.
 */

const LOOKUP_TIMEOUT_MS = 5000;

/**
 * Webhook hosts are resolved by c-ares, asynchronously on the event loop, not by dns.lookup
 * (getaddrinfo), which holds one of libuv's four threads until the system resolver gives up, so that
 * a few slow names would starve file and crypto work (decisions §18). Each resolution has a resolver
 * of its own (a c-ares channel, some 60 µs to make), so that its deadline cancels its queries and no
 * one else's. A query is retried after 1 s, then every 2 s: left alone, c-ares would give up after
 * 7 s; the deadline (LOOKUP_TIMEOUT_MS, the whole resolution) ends it first.
 */
const QUERY_OPTIONS = { timeout: 1000, maxTimeout: 2000, tries: 4 } as const;

/** The DNS servers webhook hosts are asked of (WEBHOOK_DNS_SERVERS); undefined: the system's. */
let dnsServers: readonly string[] | undefined;

/**
 * Points the webhook resolver at `servers` (WEBHOOK_DNS_SERVERS: `ip`, `ip:port`, `[ipv6]:port`);
 * none: the system's resolvers. Called once at start; throws on a server node:dns does not take.
 */
export function configureWebhookResolver(servers: readonly string[]): void {
  if (servers.length) new Resolver().setServers(servers);
  dnsServers = servers.length ? [...servers] : undefined;
}

/** What a query answers when the name has no address of that family: no addresses, not a failure. */
const NO_ADDRESS = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);
/** How a query ends that had no answer in time: c-ares gave up, or the deadline cancelled it. */
const NO_ANSWER = new Set(['ETIMEOUT', 'ECANCELLED']);

/** The error of a resolution that ran out of its budget (code ETIMEOUT, as c-ares says it). */
function didNotResolveInTime(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${host} did not resolve in time (${LOOKUP_TIMEOUT_MS} ms)`), { code: 'ETIMEOUT' });
}

/**
 * Every address of `host`, IPv4 first: `localhost` and `*.localhost` are loopback by name (RFC 6761,
 * no query), an IP literal is itself, any other name is asked of DNS for A and AAAA records, both
 * within LOOKUP_TIMEOUT_MS in all (retries included), after which what is still asked is cancelled.
 * Empty when the name does not exist; throws when DNS could not answer: code ETIMEOUT when the
 * budget ran out, else DNS's own error (a server failure, a refusal).
 */
export async function resolveHost(host: string): Promise<string[]> {
  const bare = host
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return ['127.0.0.1', '::1'];
  if (isIP(bare)) return [bare];
  const resolver = new Resolver(QUERY_OPTIONS);
  if (dnsServers) resolver.setServers(dnsServers);
  const deadline = setTimeout(() => resolver.cancel(), LOOKUP_TIMEOUT_MS);
  let answers: PromiseSettledResult<string[]>[];
  try {
    answers = await Promise.allSettled([resolver.resolve4(bare), resolver.resolve6(bare)]);
  } finally {
    clearTimeout(deadline);
  }
  const failed = answers.flatMap((a) =>
    a.status === 'rejected' && !NO_ADDRESS.has((a.reason as NodeJS.ErrnoException).code ?? '')
      ? [a.reason as NodeJS.ErrnoException]
      : [],
  );
  if (failed.length === answers.length) {
    throw failed.some((e) => NO_ANSWER.has(e.code ?? '')) ? didNotResolveInTime(bare) : failed[0];
  }
  return answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of the socket that sends a webhook, on resolveHost: with `publicOnly`, the addresses
 * the connection will really use are checked as the URL was at registration. Between
 * `checkWebhookUrl` and the connection a DNS answer can change (rebinding); this closes that gap,
 * since the check and the connect see one answer.
 */
export function webhookLookup(publicOnly: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolveHost(hostname).then(
      (found) => {
        const addresses = found
          .map((address): LookupAddress => ({ address, family: isIP(address) }))
          .filter((a) => !options.family || a.family === options.family);
        const refused = publicOnly && addresses.find((a) => !isPublicAddress(a.address));
        if (refused) {
          const denied: NodeJS.ErrnoException = new Error(`${hostname} resolves to a non-public address`);
          denied.code = 'EADDRNOTPUBLIC';
          return callback(denied, []);
        }
        const [first] = addresses;
        if (!first)
          return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), []);
        if (options.all) return callback(null, addresses);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

/**
 * Resolves the host of `url` now (decisions §21: before the write's transaction, so that no
 * database connection waits on DNS), and answers it from that lookup later, when the write checks
 * the URL; any other name is asked of DNS then. Not a URL with a host: nothing is looked up.
 */
export async function resolvedAhead(url: unknown): Promise<HostResolver> {
  const parsed = typeof url === 'string' && url.length <= MAX_URL_LENGTH ? URL.parse(url) : null;
  const host = parsed?.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return resolveHost;
  const answer = resolveHost(host).then(
    (addresses) => ({ addresses }),
    (error: unknown) => ({ error }),
  );
  await answer;
  return async (name) => {
    if (name !== host) return resolveHost(name);
    const found = await answer;
    if ('error' in found) throw found.error;
    return found.addresses;
  };
}
