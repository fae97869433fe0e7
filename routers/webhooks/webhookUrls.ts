import type { LookupAddress, LookupOptions } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The URL rule of webhook endpoints (decisions §14): no server-side request forgery. A URL is
 * absolute `https://`, carries no credentials, is at most 2,048 characters, and its host neither is
 * nor resolves to a non-public address (loopback, private, link-local, unique-local, CGNAT,
 * unspecified, multicast, broadcast, documentation and other reserved ranges, and the IPv6 forms that
 * embed such an IPv4 address: mapped, compatible, NAT64, 6to4). Checked when an endpoint is created
 * or changed, and again before every delivery (DNS can change). `WEBHOOK_ALLOW_PRIVATE_URLS`
 * (development and tests) allows `http://` and any address, without resolving the host.
 */

const MAX_URL_LENGTH = 2048;
const LOOKUP_TIMEOUT_MS = 5000;

function blockList(family: 'ipv4' | 'ipv6', subnets: readonly string[]): BlockList {
  const list = new BlockList();
  for (const subnet of subnets) {
    const [network, prefix] = subnet.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), family);
  }
  return list;
}

/** IANA's IPv4 special-purpose ranges that are not globally reachable, by what they are. */
const IPV4_KINDS: ReadonlyArray<readonly [string, BlockList]> = [
  ['unspecified ("this network")', blockList('ipv4', ['0.0.0.0/8'])],
  ['loopback', blockList('ipv4', ['127.0.0.0/8'])],
  ['private', blockList('ipv4', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'])],
  ['shared (CGNAT)', blockList('ipv4', ['100.64.0.0/10'])],
  ['link-local', blockList('ipv4', ['169.254.0.0/16'])],
  ['documentation', blockList('ipv4', ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'])],
  ['multicast', blockList('ipv4', ['224.0.0.0/4'])],
  ['broadcast', blockList('ipv4', ['255.255.255.255/32'])],
  [
    'reserved',
    // IETF protocol assignments, the 6to4 relay anycast, benchmarking, the old class E.
    blockList('ipv4', ['192.0.0.0/24', '192.88.99.0/24', '198.18.0.0/15', '240.0.0.0/4']),
  ],
];

/** The IPv6 ranges outside 2000::/3 (global unicast) get a name when they have one. */
const IPV6_KINDS: ReadonlyArray<readonly [string, BlockList]> = [
  ['unique-local', blockList('ipv6', ['fc00::/7'])],
  ['link-local', blockList('ipv6', ['fe80::/10'])],
  ['site-local', blockList('ipv6', ['fec0::/10'])],
  ['multicast', blockList('ipv6', ['ff00::/8'])],
  ['documentation', blockList('ipv6', ['2001:db8::/32', '3fff::/20'])],
  // IETF protocol assignments (Teredo, benchmarking, ORCHID…), and the NAT64 local-use prefix.
  ['reserved', blockList('ipv6', ['2001::/23', '64:ff9b:1::/48'])],
];
const GLOBAL_UNICAST = blockList('ipv6', ['2000::/3']);

/** The eight 16-bit groups of an IPv6 address (the URL parser validates and compresses it). */
function ipv6Groups(address: string): number[] {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  if (tail === undefined) return groups(head);
  const [before, after] = [groups(head), groups(tail)];
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

function ipv4Of(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

function ipv4Kind(address: string): string | undefined {
  return IPV4_KINDS.find(([, list]) => list.check(address, 'ipv4'))?.[0];
}

/** Why an address is not public, or undefined when it is a public unicast address. */
function addressKind(address: string): string | undefined {
  if (address.includes('%')) return 'link-local (scoped)';
  const family = isIP(address);
  if (family === 4) return ipv4Kind(address);
  if (family !== 6) return 'not an IP address';
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the embedded IPv4 address.
  const embedded = (zeros(0, 5) && g[5] === 0xffff) || (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6));
  if (embedded) {
    const kind = ipv4Kind(ipv4Of(g[6] as number, g[7] as number));
    return kind && `IPv6-embedded ${kind}`;
  }
  if (zeros(0, 6)) return 'IPv4-compatible (deprecated)';
  if (g[0] === 0x2002) {
    const kind = ipv4Kind(ipv4Of(g[1] as number, g[2] as number));
    return kind && `6to4-embedded ${kind}`;
  }
  const named = IPV6_KINDS.find(([, list]) => list.check(address, 'ipv6'))?.[0];
  if (named) return named;
  return GLOBAL_UNICAST.check(address, 'ipv6') ? undefined : 'reserved';
}

/** Whether a webhook may be sent to this IP address (a public unicast address). Pure. */
export function isPublicAddress(address: string): boolean {
  return addressKind(address) === undefined;
}

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

/** A host name's addresses, as resolveHost gives them. */
export type HostResolver = (host: string) => Promise<string[]>;

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

/**
 * Why a webhook URL is refused (a sentence for the `url` field), or undefined when it may be used.
 * Resolves the host (every address it has) unless `allowPrivate`.
 */
export async function checkWebhookUrl(
  url: string,
  allowPrivate: boolean,
  resolve: HostResolver = resolveHost,
): Promise<string | undefined> {
  if (url.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  // The URL parser drops tabs and line breaks and trims spaces: refuse them so what is stored is what is sent.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u0020\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u.test(url)) {
    return 'must not contain spaces or control characters';
  }
  const parsed = URL.parse(url);
  if (!parsed) return 'must be an absolute URL';
  const scheme = allowPrivate ? 'an https:// or http://' : 'an https://';
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:')) return `must be ${scheme} URL`;
  if (parsed.username || parsed.password) return 'must not contain credentials (user:password@)';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return 'must name a host';
  if (allowPrivate) return undefined;
  const bare = host.replace(/\.$/, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return 'must not point at a loopback host';
  if (isIP(host)) {
    const kind = addressKind(host);
    return kind && `must not point at a non-public address (${kind})`;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ETIMEOUT'
      ? 'host did not resolve in time'
      : 'host does not resolve';
  }
  if (!addresses.length) return 'host does not resolve';
  for (const address of addresses) {
    const kind = addressKind(address);
    if (kind) return `host resolves to a non-public address (${kind})`;
  }
  return undefined;
}
