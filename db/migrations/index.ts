import { Migration20261122000001Foundation } from './Migration20261122000001Foundation.js';

/** Every migration in order; listed explicitly so they run from source and from a bundle alike. */
export const migrationsList = [Migration20261122000001Foundation].map((cls) => ({ name: cls.name, class: cls }));
