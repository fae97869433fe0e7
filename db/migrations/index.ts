import { Migration20261122000001Foundation } from './Migration20261122000001Foundation.js';
import { Migration20261122000002Tenancy } from './Migration20261122000002Tenancy.js';

/** Every migration in order; listed explicitly so they run from source and from a bundle alike. */
export const migrationsList = [Migration20261122000001Foundation, Migration20261122000002Tenancy].map((cls) => ({
  name: cls.name,
  class: cls,
}));
