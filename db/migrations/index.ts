import { Migration20261122000001Foundation } from './Migration20261122000001Foundation.js';
import { Migration20261122000002Tenancy } from './Migration20261122000002Tenancy.js';
import { Migration20261122000003Leave } from './Migration20261122000003Leave.js';
import { Migration20261122000004Workplace } from './Migration20261122000004Workplace.js';
import { Migration20261122000005Writes } from './Migration20261122000005Writes.js';

/** Every migration in order; listed explicitly so they run from source and from a bundle alike. */
export const migrationsList = [
  Migration20261122000001Foundation,
  Migration20261122000002Tenancy,
  Migration20261122000003Leave,
  Migration20261122000004Workplace,
  Migration20261122000005Writes,
].map((cls) => ({
  name: cls.name,
  class: cls,
}));
