import { InitialSchema1700000000000 } from './1700000000000-initial-schema.js';

/** Every migration of the service, in the order they run. Hosts pass this list to their DataSource. */
export const flagwrightMigrations = [InitialSchema1700000000000];
