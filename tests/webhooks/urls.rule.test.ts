import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, fetch } from 'undici';
import { describe, expect, test } from 'vitest';
import { resolveHost, webhookLookup } from '../../routers/webhooks/webhookHosts.dns.js';
import { checkWebhookUrl, isPublicAddress } from '../../routers/webhooks/webhookUrls.rules.js';

// The URL rule of webhook endpoints (decisions §14, routers/webhooks/webhookUrls.rules.ts): no server-side request
// forgery. Pure checks: every host below is an IP literal or a name that never reaches DNS, except
// the `.invalid` name (RFC 6761: never resolves).

describe('isPublicAddress', () => {
  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.15.255.255', // just below 172.16/12
    '172.32.0.1', // just above it
    '100.63.255.255', // just below CGNAT 100.64/10
    '100.128.0.1', // just above it
    '169.253.255.255',
    '192.167.255.255',
    '223.255.255.255', // the last unicast /8 before multicast
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8', // IPv4-mapped public address
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  test.each([
    ['loopback', '127.0.0.1'],
    ['loopback, anywhere in 127/8', '127.255.255.254'],
    ['private 10/8', '10.0.0.1'],
    ['private 10/8, last', '10.255.255.255'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 172.16/12, last', '172.31.255.255'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['CGNAT 100.64/10', '100.64.0.1'],
    ['CGNAT 100.64/10, last', '100.127.255.255'],
    ['unspecified', '0.0.0.0'],
    ['"this network" 0/8', '0.1.2.3'],
    ['broadcast', '255.255.255.255'],
    ['multicast', '224.0.0.1'],
    ['multicast, last', '239.255.255.255'],
    ['reserved 240/4', '240.0.0.1'],
    ['documentation TEST-NET-1', '192.0.2.1'],
    ['documentation TEST-NET-2', '198.51.100.7'],
    ['documentation TEST-NET-3', '203.0.113.9'],
    ['benchmarking 198.18/15', '198.19.0.1'],
    ['IETF protocol assignments 192.0.0/24', '192.0.0.8'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 unique-local fc00::/7', 'fc00::1'],
    ['IPv6 unique-local fd00::/8', 'fd12:3456:789a::1'],
    ['IPv6 site-local (deprecated)', 'fec0::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv6 documentation', '2001:db8::1'],
    ['IPv6 documentation 3fff::/20', '3fff::1'],
    ['Teredo', '2001:0:4136:e378::1'],
    ['outside global unicast 2000::/3', '4000::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped link-local, in hex', '::ffff:a9fe:a9fe'],
    ['IPv4-mapped, fully written', '0:0:0:0:0:ffff:c0a8:0101'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['IPv4-compatible (deprecated), even of a public address', '::8.8.8.8'],
    ['IPv4-translated (SIIT)', '::ffff:0:10.0.0.1'],
    ['NAT64 of a private address', '64:ff9b::10.0.0.1'],
    ['NAT64 local-use prefix', '64:ff9b:1::8.8.8.8'],
    ['6to4 of a private address', '2002:c0a8:0101::1'],
    ['6to4 of loopback', '2002:7f00:1::'],
    ['not an address', 'example.com'],
    ['not an address', ''],
  ])('%s: %s is not public', (_, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  test.each([
    'https://8.8.8.8/hooks',
    'https://8.8.8.8:8443/hooks?x=1#frag',
    'https://[2606:4700:4700::1111]/hooks',
    `https://8.8.8.8/${'a'.repeat(2048 - 'https://8.8.8.8/'.length)}`, // exactly 2,048 characters
  ])('accepted: %s', async (url) => {
    expect(await checkWebhookUrl(url, false, resolveHost)).toBeUndefined();
  });

  test.each([
    ['too long', `https://8.8.8.8/${'a'.repeat(2049 - 'https://8.8.8.8/'.length)}`, 'at most 2048 characters'],
    ['relative', '/hooks', 'absolute URL'],
    ['not a URL', 'hooks', 'absolute URL'],
    ['http://', 'http://8.8.8.8/hooks', 'https://'],
    ['another scheme', 'ftp://8.8.8.8/hooks', 'https://'],
    ['a file', 'file:///etc/passwd', 'https://'],
    ['credentials', 'https://user:pass@8.8.8.8/hooks', 'credentials'],
    ['a user alone', 'https://user@8.8.8.8/hooks', 'credentials'],
    ['a space', 'https://8.8.8.8/a b', 'spaces or control characters'],
    ['a line break the parser would drop', 'https://8.8.\n8.8/', 'spaces or control characters'],
    ['a tab', 'https://8.8.8.8/\thooks', 'spaces or control characters'],
    ['loopback', 'https://127.0.0.1/hooks', 'non-public address (loopback)'],
    ['loopback in another spelling', 'https://2130706433/hooks', 'non-public address (loopback)'],
    ['loopback in hex', 'https://0x7f.0.0.1/hooks', 'non-public address (loopback)'],
    ['localhost', 'https://localhost/hooks', 'loopback host'],
    ['a .localhost name', 'https://api.localhost./hooks', 'loopback host'],
    ['private', 'https://10.1.2.3/hooks', 'non-public address (private)'],
    ['private 192.168', 'https://192.168.0.10:8443/hooks', 'non-public address (private)'],
    ['link-local', 'https://169.254.169.254/latest/meta-data', 'non-public address (link-local)'],
    ['CGNAT', 'https://100.64.1.1/', 'non-public address (shared (CGNAT))'],
    ['unspecified', 'https://0.0.0.0/', 'non-public address'],
    ['IPv6 loopback', 'https://[::1]/hooks', 'non-public address (loopback)'],
    ['IPv6 link-local', 'https://[fe80::1]/hooks', 'non-public address (link-local)'],
    ['IPv6 unique-local', 'https://[fd00::1]/hooks', 'non-public address (unique-local)'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hooks', 'non-public address (IPv6-embedded loopback)'],
    ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/hooks', 'non-public address (IPv6-embedded private)'],
    ['a name that does not resolve', 'https://no-such-host.invalid/hooks', 'does not resolve'],
  ])('refused: %s', async (_, url, reason) => {
    expect(await checkWebhookUrl(url, false, resolveHost)).toContain(reason);
  });

  test('WEBHOOK_ALLOW_PRIVATE_URLS allows http:// and any host, unresolved; never credentials or another scheme', async () => {
    for (const url of [
      'http://127.0.0.1:3000/hooks',
      'https://localhost/hooks',
      'http://[::1]/',
      'http://10.0.0.1/',
      'http://no-such-host.invalid/',
    ]) {
      expect(await checkWebhookUrl(url, true, resolveHost), url).toBeUndefined();
    }
    expect(await checkWebhookUrl('ftp://127.0.0.1/', true, resolveHost)).toContain('https:// or http://');
    expect(await checkWebhookUrl('http://u:p@127.0.0.1/', true, resolveHost)).toContain('credentials');
    expect(await checkWebhookUrl('/hooks', true, resolveHost)).toContain('absolute URL');
  });
});

// The connect-time guard of deliveries (routers/webhooks/webhook.dispatcher.ts): the addresses a connection is about to
// use are checked again, so a DNS answer that changed after checkWebhookUrl cannot reach a private host.
describe('webhookLookup', () => {
  const lookupOf = (host: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
      webhookLookup(true)(host, { all }, (error, address) => resolve({ error, address }));
    });

  test.each([true, false])('a host resolving to loopback is refused before connecting (all: %s)', async (all) => {
    const { error } = await lookupOf('localhost', all);
    expect(error?.code).toBe('EADDRNOTPUBLIC');
  });

  test('a connection through it never reaches a loopback receiver', async () => {
    let reached = 0;
    const receiver = createServer((_req, res) => {
      reached++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const agent = new Agent({ connect: { lookup: webhookLookup(true) } });
    try {
      await expect(fetch(`http://localhost:${port}/`, { method: 'POST', dispatcher: agent })).rejects.toThrow();
      expect(reached).toBe(0);
      // The same lookup without the guard (WEBHOOK_ALLOW_PRIVATE_URLS) arrives: the refusal above is the guard's.
      const open = new Agent({ connect: { lookup: webhookLookup(false) } });
      const plain = await fetch(`http://localhost:${port}/`, { method: 'POST', dispatcher: open });
      expect(plain.status).toBe(200);
      expect(reached).toBe(1);
      await open.close();
    } finally {
      await agent.close();
      receiver.close();
    }
  });
});

// Host names are resolved without dns.lookup (decisions §18): getaddrinfo holds a libuv thread until
// the system resolver gives up, so a few slow names could starve the pool; resolveHost asks DNS
// itself, and knows localhost by name.
describe('resolveHost', () => {
  test('localhost and *.localhost are loopback by name, with no query (a .localhost name DNS never has)', async () => {
    expect(await resolveHost('localhost')).toEqual(['127.0.0.1', '::1']);
    expect(await resolveHost('hooks.dev.LOCALHOST.')).toEqual(['127.0.0.1', '::1']);
  });

  test('an IP literal is itself; a name that does not exist has no address', async () => {
    expect(await resolveHost('[::1]')).toEqual(['::1']);
    expect(await resolveHost('203.0.113.7')).toEqual(['203.0.113.7']);
    expect(await resolveHost('no-such-host.invalid').catch(() => [])).toEqual([]);
  });
});
