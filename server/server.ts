import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { migrate, type Orm, openOrm } from '../db/orm.js';
import { createApp } from './app.js';
import type { Env } from './env.js';
import { purgeExpiredKeys } from './idempotency.js';
import { createDelivery, OutboxDispatcher } from './outbox.js';
import { CursorCodec, loadCursorSecret } from './pagination.js';
import { RateLimits } from './rateLimit.js';

export interface RunningServer {
  url: string;
  server: Server;
  orm: Orm;
  close(): Promise<void>;
}

export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination = 1): Logger {
  return pino({ level: env.LOG_LEVEL, base: { service: 'workforce-api' } }, pino.destination(destination));
}

/** Opens the database, applies migrations, and serves the app until close(). */
export async function startServer(env: Env, logger: Logger = createLogger(env)): Promise<RunningServer> {
  const orm = await openOrm(env, (message) => logger.debug({ orm: true }, message));
  await migrate(orm);
  const cursors = new CursorCodec(await loadCursorSecret(orm.em.fork(), env.CURSOR_SECRET));
  const rateLimits = await RateLimits.create(env);
  const app = createApp({ env, orm, logger, cursors, rateLimits });
  const background = startBackgroundWork(env, orm, logger);
  const server = app.listen(env.PORT, env.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Node keeps serving keep-alive connections after server.close() (and says keep-alive in every
  // response), so a draining node would wait out their idle timeout, or never drain behind a load
  // balancer that reuses them. While closing, every response closes its connection instead.
  const unanswered = new Set<ServerResponse>();
  let closing = false;
  server.on('request', (_req, res: ServerResponse) => {
    if (closing) return void res.setHeader('Connection', 'close');
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    server,
    orm,
    async close() {
      closing = true;
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await background.stop();
      await rateLimits.shutdown();
      await orm.close();
    },
  };
}

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** The outbox dispatcher (unless OUTBOX_DISPATCH=false) and the periodic purge of expired idempotency keys. */
export function startBackgroundWork(env: Env, orm: Orm, logger: Logger): { stop(): Promise<void> } {
  const dispatcher = env.OUTBOX_DISPATCH
    ? new OutboxDispatcher(orm, createDelivery(env), logger, env.OUTBOX_INTERVAL_MS)
    : undefined;
  dispatcher?.start();
  const purge = setInterval(() => {
    purgeExpiredKeys(orm.em.fork()).catch((err) => logger.warn({ err }, 'idempotency purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  return {
    async stop() {
      clearInterval(purge);
      await dispatcher?.stop();
    },
  };
}
