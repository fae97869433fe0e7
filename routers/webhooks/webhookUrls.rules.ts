import { BlockList, isIP } from 'node:net';

/**
 * The URL rule of webhook endpoints (decisions §14): no server-side request forgery. A URL is
 * absolute `https://`, carries no credentials, is at most 2,048 characters, and its host neither is
 * nor resolves to a non-public address (loopback, private, link-local, unique-local, CGNAT,
 * unspecified, multicast, broadcast, documentation and other reserved ranges, and the IPv6 forms that
 * embed such an IPv4 address: mapped, compatible, NAT64, 6to4). Checked when an endpoint is created
 * or changed, and again before every delivery (DNS can change). `WEBHOOK_ALLOW_PRIVATE_URLS`
 * (development and tests) allows `http://` and any address, without resolving the host. The host is
 * resolved by the resolver the caller gives (webhookHosts.dns.ts), so the rule itself is pure.
 */

/** The longest URL an endpoint may have. */
export const MAX_URL_LENGTH = 2048;

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

/** A host name's addresses, as resolveHost gives them. */
export type HostResolver = (host: string) => Promise<string[]>;

/**
 * Why a webhook URL is refused (a sentence for the `url` field), or undefined when it may be used.
 * Resolves the host (every address it has) with `resolve` unless `allowPrivate`.
 */
export async function checkWebhookUrl(
  url: string,
  allowPrivate: boolean,
  resolve: HostResolver,
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
