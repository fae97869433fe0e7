import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP listener on a free port that keeps every message it accepts, for outbox tests. */

export interface Mailbox {
  port: number;
  url: string;
  messages: { to: string[]; raw: string }[];
  /** When set, the listener refuses every message with this SMTP reply. */
  refuse?: { code: number; message: string };
  /** Milliseconds the listener waits before accepting a message. */
  delayMs: number;
  to(address: string): { to: string[]; raw: string }[];
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const box = {
    messages: [] as { to: string[]; raw: string }[],
    delayMs: 0,
    refuse: undefined as { code: number; message: string } | undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          if (box.refuse) {
            const error = Object.assign(new Error(box.refuse.message), { responseCode: box.refuse.code });
            callback(error);
            return;
          }
          box.messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        }, box.delayMs);
      });
    },
  });
  // A client gone mid-conversation (a SIGKILLed node's pooled connection) is not the listener's
  // failure; unhandled, smtp-server's 'error' event would fail the test run.
  server.on('error', () => {});
  const net = await new Promise<ReturnType<SMTPServer['listen']>>((resolve) => {
    const listening = server.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = net.address() as AddressInfo;
  return Object.assign(box, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    to: (address: string) => box.messages.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
