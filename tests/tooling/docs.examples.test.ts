// The docs' examples as a reader runs them (issue 34 item 6): the README tour's shell blocks, in
// order, with bash against a fresh `wfm serve --seed-demo` on the embedded database, as `make run`
// starts it; and no two examples of the docs using the same person. Their TypeScript blocks are
// compiled by tests/packages/packages.installed.test.ts.

import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { useTempDir } from '../support/database.js';
import { codeBlocks, documents, readmeTour } from '../support/docBlocks.js';
import { childEnv, cli, exited, freePort } from '../support/processes.js';
import { sleep, waitFor } from '../support/wait.js';

test('no e-mail address is used by two examples of the docs (a hire of one would refuse the other’s)', () => {
  const blocksByAddress = new Map<string, string[]>();
  for (const block of documents().flatMap((doc) => codeBlocks(doc))) {
    for (const address of new Set(block.source.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g))) {
      blocksByAddress.set(address, [...(blocksByAddress.get(address) ?? []), `${block.doc}:${block.line}`]);
    }
  }
  const shared = [...blocksByAddress].filter(([, blocks]) => blocks.length > 1);
  expect(shared).toEqual([]);
});

/** A tour block run by bash: its process (a group of its own, with what it left in the background) and its output. */
interface Ran {
  child: ChildProcess;
  code: number | null;
  /** What it printed, as a terminal shows it; a background process of the block goes on printing here. */
  stdout: () => string;
  stderr: () => string;
}

describe('the README tour, against a fresh embedded server', () => {
  // The reader's working directory, the repository's root: the server's DATA_DIR is its ./var, as with `make run`.
  const workDir = useTempDir('wfm-tour-');
  let server: ChildProcess | undefined;
  let banner = '';
  const ran: Ran[] = [];
  afterAll(async () => {
    // The server, and whatever a block left running (the webhook receiver): each its own process group.
    for (const child of [...ran.map((r) => r.child), server]) {
      if (!child?.pid) continue;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {} // already gone
    }
    if (server) await exited(server);
  });

  /**
   * Runs the tour's next block with bash (-e: every command must succeed) in the reader's directory,
   * with the variables the blocks before it set, as in the reader's terminal.
   */
  async function runBlock(source: string): Promise<Ran> {
    const index = ran.length;
    const output = (stream: string) => path.join(workDir.path, `block-${index}.${stream}`);
    const [out, err] = [openSync(output('stdout'), 'w'), openSync(output('stderr'), 'w')];
    const script = `set -a -e -o pipefail\n. ../tour.env\n${source}\nexport -p > ../tour.env\n`;
    const child = spawn('bash', ['-c', script], {
      cwd: path.join(workDir.path, 'repo'),
      env: childEnv({}),
      stdio: ['ignore', out, err],
      detached: true,
    });
    closeSync(out);
    closeSync(err);
    const result: Ran = {
      child,
      code: null,
      stdout: () => readFileSync(output('stdout'), 'utf8'),
      stderr: () => readFileSync(output('stderr'), 'utf8'),
    };
    ran.push(result);
    result.code = await exited(child);
    expect(result.code, `${source}\n${result.stdout()}\n${result.stderr()}`).toBe(0);
    return result;
  }

  test('each block exits 0 and shows what the README says', async () => {
    const [apiPort, hookPort] = [await freePort(), await freePort()];
    const repo = path.join(workDir.path, 'repo');
    mkdirSync(repo);
    writeFileSync(path.join(workDir.path, 'tour.env'), '');
    server = spawn(process.execPath, [cli, 'serve', '--seed-demo'], {
      env: childEnv({
        DATA_DIR: path.join(repo, 'var'),
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      }),
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    server.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      banner += chunk;
    });
    // The banner's last part comes once the demo organisation is made and its credentials kept.
    await waitFor(() => banner.includes('Webhooks:') || server?.exitCode !== null, 'the start banner', 90_000, 100);
    expect(banner).toContain('Webhooks: this embedded default accepts http://localhost receivers');

    // The README's ports are the defaults (3000, and 4000 for the receiver): here free ones instead.
    const blocks = readmeTour().map((block) =>
      block.source.replace(/\b(3000|4000)\b/g, (port) => String(port === '3000' ? apiPort : hookPort)),
    );
    // The blocks the assertions below know, in order: a block added to the tour needs its own.
    expect(blocks.map((source) => TOUR.find((fragment) => source.includes(fragment)))).toEqual(TOUR);

    // The variables: the live key and the HR admin the banner printed.
    expect((await runBlock(blocks[0])).stdout()).toBe('');
    const env = readFileSync(path.join(workDir.path, 'tour.env'), 'utf8');
    const variable = (name: string) => new RegExp(`^declare -x ${name}="(.*)"$`, 'm').exec(env)?.[1];
    expect(variable('KEY')).toBe(/live API key +(\S+)/.exec(banner)?.[1]);
    expect(variable('ADMIN')).toBe(/HR admin id +(\S+)/.exec(banner)?.[1]);

    // 1. Five employees, and next_cursor for the next page.
    const list = JSON.parse((await runBlock(blocks[1])).stdout()) as { data: unknown[]; next_cursor: string | null };
    expect(list.data).toHaveLength(5);
    expect(list.next_cursor).toEqual(expect.any(String));

    // 2. The receiver listens; the endpoint is registered for every event type.
    const receiver = await runBlock(blocks[2]);
    const registered = receiver.stdout();
    expect(JSON.parse(registered)).toMatchObject({
      data: { url: `http://localhost:${hookPort}/hook`, event_types: ['*'] },
    });

    // 3. The hire twice: one employee, the second answer the first replayed byte for byte.
    const answers = (await runBlock(blocks[3]))
      .stdout()
      // curl -i: status line, headers, body; the body ends without a newline, the next answer follows it.
      .split(/(?=HTTP\/1\.1 \d{3} )/)
      .map((answer) => {
        const [head, body] = answer.split('\r\n\r\n');
        return { status: head.split(' ')[1], replayed: /^idempotent-replayed: (.*)\r$/im.exec(head)?.[1], body };
      });
    expect(answers.map(({ status, replayed }) => [status, replayed])).toEqual([
      ['200', undefined],
      ['200', 'true'],
    ]);
    expect(answers[1].body).toBe(answers[0].body);
    const hired = (JSON.parse(answers[0].body) as { data: { id: string; email: string } }).data;

    // 4. The receiver prints each event, signed: its webhook-id and the event record. One hire, one
    // employee.created, data.object being the employee the hire answered.
    const printed = () =>
      receiver
        .stdout()
        .slice(registered.length)
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          const [webhookId, event] = [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)];
          return { webhookId, event: JSON.parse(event) as { id: string; type: string; data: { object: unknown } } };
        });
    const created = () => printed().filter(({ event }) => event.type === 'employee.created');
    await waitFor(() => created().length > 0, 'the employee.created delivery', 10_000, 100);
    await sleep(1_000);
    expect(created()).toEqual([{ webhookId: created()[0].event.id, event: expect.anything() }]);
    expect(created()[0].event.data.object).toEqual(hired);
  }, 180_000);
});

/** The README tour's blocks, in order, each known by a fragment of its text. */
const TOUR = ['demo-credentials.json', 'v1/employees?limit=5', 'v1/webhook-endpoints', 'Idempotency-Key: hire-'];
