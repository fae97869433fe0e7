import { p } from '@mikro-orm/core';
import { uuidv7 } from 'uuidv7';

/** Time-ordered UUID v7 primary key (decisions §1). */
export const idProperty = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => uuidv7());

/** Millisecond timestamps, RFC 3339 in responses. */
export const createdAtProperty = () => p.datetime(3).onCreate(() => new Date());
export const updatedAtProperty = () =>
  p
    .datetime(3)
    .onCreate(() => new Date())
    .onUpdate(() => new Date());

/** Columns every tenant-owned row has. Queries on these entities pass through the `tenant` filter. */
export const tenantOwned = () => ({
  id: idProperty(),
  tenantId: p.uuid(),
  createdAt: createdAtProperty(),
});
