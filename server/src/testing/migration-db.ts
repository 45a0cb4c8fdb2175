import { Migrator } from 'kysely';
import { migrationProvider } from '@patentscout/db';
import { createTestDatabase, type TestDatabase } from './test-db.js';

export interface MigratedDatabase {
  database: TestDatabase;
  migrator: Migrator;
}

/** A migration's test starts from a database of its own at the schema just before that migration. */
export async function databaseMigratedTo(migration: string): Promise<MigratedDatabase> {
  const database = await createTestDatabase();
  const migrator = new Migrator({ db: database.db, provider: migrationProvider });
  const { error } = await migrator.migrateTo(migration);
  if (error) throw error;
  return { database, migrator };
}

/** Runs every later migration over what the test left (they must accept it too), then drops it. */
export async function dropMigrated(migrated: MigratedDatabase | undefined): Promise<void> {
  if (!migrated) return;
  await migrated.migrator.migrateToLatest();
  await migrated.database.drop();
}
