import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './support/harness.js';

let h: TestServer;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h?.close());

test('health answers ok', async () => {
  const res = await h.fetch('/v1/health');
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', product: 'Workforce' });
});
