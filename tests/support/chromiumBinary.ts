import { accessSync, constants } from 'node:fs';

/**
 * Which Chromium the browser tests drive: `CHROMIUM_BINARY` when set (a path, or `none` to act as on
 * a machine without it), else Debian's /usr/bin/chromium (`.ci/run` installs it); undefined when
 * there is none. Never a browser of Playwright's own download.
 */
export function chromiumBinary(): string | undefined {
  const chosen = process.env.CHROMIUM_BINARY;
  if (chosen === 'none') return undefined;
  const file = chosen ?? '/usr/bin/chromium';
  try {
    accessSync(file, constants.X_OK);
    return file;
  } catch {
    return undefined;
  }
}

/** How every skip for want of Chromium starts, so that a run's output says what it left out. */
export const CHROMIUM_MISSING =
  'chromium is not installed (/usr/bin/chromium or CHROMIUM_BINARY): the browser tests are skipped; `apt-get install chromium` to run them';

/** Debian's Chromium headless in a container: no sandbox (root), no GPU, nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
