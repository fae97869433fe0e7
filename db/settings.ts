/**
 * The settings table: values the service makes once and every node then reads alike (the cursor
 * secret, the sign-in form's CSRF key).
 */
import { randomBytes } from 'node:crypto';
import type { EntityManager } from './orm.js';

/** 32 random bytes kept under `key`: made by whichever node asks first, the same for every node after. */
export async function randomSetting(em: EntityManager, key: string): Promise<Buffer> {
  const conn = em.getConnection();
  await conn.execute('insert into settings (key, value) values (?, ?) on conflict (key) do nothing', [
    key,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await conn.execute<{ value: string }[]>('select value from settings where key = ?', [key]);
  return Buffer.from(row.value, 'base64url');
}
