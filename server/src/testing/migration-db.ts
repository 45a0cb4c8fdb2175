import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { migrationProvider } from '@patentscout/db';
import { createTestDatabase, type TestDatabase } from './test-db.js';

export interface MigratedDatabase {
  database: TestDatabase;
  migrator: Migrator;
}

/**
 * A migration's test starts from a database of its own at `start`: the schema just before that
 * migration, or the latest schema for a test that walks down and up itself.
 */
export async function databaseMigratedTo(start: string | 'latest'): Promise<MigratedDatabase> {
  const database = await createTestDatabase();
  const migrator = new Migrator({ db: database.db, provider: migrationProvider });
  const { error } = start === 'latest' ? await migrator.migrateToLatest() : await migrator.migrateTo(start);
  if (error) throw error;
  return { database, migrator };
}

/** Runs every later migration over what the test left (they must accept it too), then drops it. */
export async function dropMigrated(migrated: MigratedDatabase | undefined): Promise<void> {
  if (!migrated) return;
  await migrated.migrator.migrateToLatest();
  await migrated.database.drop();
}

/** A migration test file's own database: created at `start` before its tests, dropped after them. */
export function migrationTestDatabase(start: string | 'latest'): Readonly<MigratedDatabase> {
  let migrated: MigratedDatabase | undefined;
  beforeAll(async () => {
    migrated = await databaseMigratedTo(start);
  });
  afterAll(() => dropMigrated(migrated));
  const ready = (): MigratedDatabase => {
    if (!migrated) throw new Error('the migration test database is created in beforeAll');
    return migrated;
  };
  return {
    get database() {
      return ready().database;
    },
    get migrator() {
      return ready().migrator;
    },
  };
}

/** Migrates up to `migration` and checks that it ran alone and without error. */
export async function expectOnlyMigrationRuns(migrated: MigratedDatabase, migration: string): Promise<void> {
  const { error, results } = await migrated.migrator.migrateTo(migration);
  expect(error).toBeUndefined();
  expect(results?.map((result) => result.migrationName)).toEqual([migration]);
}

/** The bytes a table takes on disk, to show that a migration made it smaller. */
export async function tableBytes(database: TestDatabase, table: string): Promise<number> {
  const { rows } = await sql<{
    bytes: number;
  }>`SELECT pg_table_size(${table}::regclass)::int AS bytes`.execute(database.db);
  return rows[0]!.bytes;
}
