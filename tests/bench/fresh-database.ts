import pg from 'pg';
import { createDb, migrateToLatest, type Db } from '@patentscout/db';

/** A new, migrated database of this name on the benchmark's server (dropped first if it exists). */
export async function freshDatabase(adminUrl: string, name: string): Promise<Db> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = createDb(adminUrl.replace(/\/[^/]+$/, `/${name}`), { maxConnections: 4 });
  await migrateToLatest(db);
  return db;
}
