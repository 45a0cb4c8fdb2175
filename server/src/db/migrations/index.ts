import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './20261122T0400-initial.js';

/** Every migration, listed explicitly so that bundling or a stray file cannot change the set. */
const MIGRATIONS: Record<string, Migration> = {
  '20261122T0400-initial': initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
