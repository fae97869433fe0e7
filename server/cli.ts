import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { migrate, openOrm } from '../db/orm.js';
import { parseEnv } from './env.js';
import { buildOpenApiDocument } from './openapi.js';
import { createLogger, startServer } from './server.js';

const usage = `wfm — Workforce admin CLI

Usage:
  wfm migrate [--json]          apply pending database migrations
  wfm serve                     start the HTTP server (PORT, default 3000)
  wfm openapi [--out FILE]      print (or write) the OpenAPI document

Every command takes --json and then prints exactly one JSON object on stdout.`;

function print(json: boolean, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${text}\n`);
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const env = parseEnv();
  switch (command) {
    case 'migrate': {
      const logger = createLogger(env, 2);
      const orm = await openOrm(env, (m) => logger.debug(m));
      try {
        const applied = await migrate(orm);
        print(values.json, { applied }, applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to apply.');
      } finally {
        await orm.close();
      }
      return;
    }
    case 'openapi': {
      const doc = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
      if (values.out) writeFileSync(values.out, doc);
      else process.stdout.write(doc);
      return;
    }
    case 'serve': {
      const running = await startServer(env);
      process.stderr.write(
        `Workforce API listening on ${env.PUBLIC_BASE_URL} (database: ${env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${env.DATA_DIR}`})\n`,
      );
      const stop = async () => {
        await running.close();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      return;
    }
    default:
      throw new Error(`Unknown command '${command}'. Run wfm --help.`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  process.stderr.write(`wfm: ${message}\n`);
  process.exit(1);
});
