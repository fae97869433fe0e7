// A DNS server of the test's own on 127.0.0.1 (UDP, a free port), for the service's webhook resolver
// (WEBHOOK_DNS_SERVERS): each configured name gets its A and AAAA addresses, NXDOMAIN, or no answer
// at all (the query is dropped, as from a server that never answers). Not a general DNS server: one
// question per query, A and AAAA records only (any other type of a known name: no records).

import { createSocket, type RemoteInfo } from 'node:dgram';
import { isIP } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the server does with a name: its addresses (IPv4 and IPv6 mixed), NXDOMAIN, or nothing. */
type DnsBehaviour = readonly string[] | 'nxdomain' | 'drop';

interface DnsServer {
  /** `127.0.0.1:port`, as WEBHOOK_DNS_SERVERS takes it. */
  address: string;
  /** Queries received per name (lower case, no trailing dot), answered or not. */
  queries: Map<string, number>;
  /** Sets (or changes) what the server does with `name`. */
  answer(name: string, behaviour: DnsBehaviour): void;
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;
const RCODE_NXDOMAIN = 3;
const RCODE_FORMERR = 1;

interface Question {
  id: number;
  /** The request's flags: its opcode and recursion-desired bit are echoed. */
  flags: number;
  name: string;
  type: number;
  /** The question section as sent (name, type, class), echoed in the answer. */
  raw: Buffer;
}

/** The first question of a query, or undefined when the message is not one this server reads. */
function parseQuestion(message: Buffer): Question | undefined {
  if (message.length < 12 || message.readUInt16BE(4) < 1) return undefined;
  const labels: string[] = [];
  let offset = 12;
  for (;;) {
    const length = message[offset];
    if (length === undefined || length > 63) return undefined; // compression is not used in a question
    offset += 1;
    if (length === 0) break;
    labels.push(message.toString('latin1', offset, offset + length));
    offset += length;
  }
  if (offset + 4 > message.length) return undefined;
  return {
    id: message.readUInt16BE(0),
    flags: message.readUInt16BE(2),
    name: labels.join('.').toLowerCase(),
    type: message.readUInt16BE(offset),
    raw: message.subarray(12, offset + 4),
  };
}

/** The 16 bytes of an IPv6 address (the URL parser writes it as hexadecimal groups, `::` once at most). */
function ipv6Bytes(address: string): number[] {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const [before, after] = [groups(head), groups(tail)];
  const zeros = tail === undefined ? [] : new Array<number>(8 - before.length - after.length).fill(0);
  return [...before, ...zeros, ...after].flatMap((group) => [group >> 8, group & 0xff]);
}

/** One answer record for an address, its owner name a pointer to the question's (offset 12). */
function addressRecord(address: string): Buffer {
  const data = Buffer.from(isIP(address) === 4 ? address.split('.').map(Number) : ipv6Bytes(address));
  const record = Buffer.alloc(12 + data.length);
  record.writeUInt16BE(0xc00c, 0);
  record.writeUInt16BE(data.length === 4 ? TYPE_A : TYPE_AAAA, 2);
  record.writeUInt16BE(1, 4); // class IN
  record.writeUInt32BE(60, 6); // TTL
  record.writeUInt16BE(data.length, 10);
  data.copy(record, 12);
  return record;
}

/** The response to `question`: `rcode`, and `addresses` as its answer section. */
function response(question: Question, rcode: number, addresses: readonly string[]): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(question.id, 0);
  // QR, the request's opcode and RD, RA, and the rcode.
  header.writeUInt16BE(0x8000 | (question.flags & 0x7900) | 0x0080 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  return Buffer.concat([header, question.raw, ...addresses.map(addressRecord)]);
}

/**
 * Starts the server. `names` says what to do per name; a name not listed gets `otherwise`
 * (NXDOMAIN unless told). Its queries are counted in `queries`.
 */
async function startDnsServer(
  names: Record<string, DnsBehaviour> = {},
  otherwise: DnsBehaviour = 'nxdomain',
): Promise<DnsServer> {
  const behaviours = new Map(Object.entries(names).map(([name, b]) => [name.toLowerCase(), b]));
  const queries = new Map<string, number>();
  const socket = createSocket('udp4');
  socket.on('message', (message: Buffer, from: RemoteInfo) => {
    const question = parseQuestion(message);
    if (!question) {
      if (message.length >= 2) {
        const formErr = Buffer.alloc(12);
        message.copy(formErr, 0, 0, 2);
        formErr.writeUInt16BE(0x8000 | RCODE_FORMERR, 2);
        socket.send(formErr, from.port, from.address);
      }
      return;
    }
    const name = question.name.replace(/\.$/, '');
    queries.set(name, (queries.get(name) ?? 0) + 1);
    const behaviour = behaviours.get(name) ?? otherwise;
    if (behaviour === 'drop') return;
    const answer =
      behaviour === 'nxdomain'
        ? response(question, RCODE_NXDOMAIN, [])
        : response(
            question,
            0,
            behaviour.filter((a) => isIP(a) === (question.type === TYPE_A ? 4 : question.type === TYPE_AAAA ? 6 : 0)),
          );
    socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    answer: (name, behaviour) => void behaviours.set(name.toLowerCase(), behaviour),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/**
 * A DNS server for the file (or the `describe` it is called in), started in beforeAll and closed in
 * afterAll: register it before the server that uses it. Read it inside tests and hooks only.
 */
export function useDnsServer(names: Record<string, DnsBehaviour> = {}, otherwise?: DnsBehaviour): DnsServer {
  let server: DnsServer | undefined;
  beforeAll(async () => {
    server = await startDnsServer(names, otherwise);
  });
  afterAll(() => server?.close());
  const started = (): DnsServer => {
    if (!server) throw new Error('useDnsServer: the server starts in beforeAll; read it inside a test or hook');
    return server;
  };
  return {
    get address() {
      return started().address;
    },
    get queries() {
      return started().queries;
    },
    answer: (name, behaviour) => started().answer(name, behaviour),
    close: () => started().close(),
  };
}
