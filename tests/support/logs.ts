import { Writable } from 'node:stream';
import { createLogger } from '../../server/main/logging.js';

/** A logger at `info` that keeps everything it writes (one JSON line each), for a server under test. */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger({ LOG_LEVEL: 'info' }, stream), text: () => lines.join('') };
}
