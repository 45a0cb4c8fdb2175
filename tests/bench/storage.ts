import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '@patentscout/db';

/** One table's bytes on disk, its TOAST and its indexes apart. */
export interface TableSize {
  table: string;
  heap: number;
  toast: number;
  indexes: number;
  total: number;
}

export interface StorageReport {
  patents: number;
  tables: TableSize[];
  /** Every index of the two patent tables, largest first. */
  indexes: { index: string; table: string; bytes: number }[];
  /** `pg_database_size`: every table and index of the database, catalogs included. */
  database: number;
  /** The whole data folder (every database, WAL included) and its WAL. */
  dataFolder: number;
  wal: number;
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else if (entry.isFile()) total += (await stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Where the corpus's bytes are: table by table, index by index, the database and its folder. */
export async function storageReport(db: Db, pgDataDir: string): Promise<StorageReport> {
  const tables = await sql<TableSize>`
    SELECT c.relname AS table,
           (pg_relation_size(c.oid) + pg_relation_size(c.oid, 'fsm') + pg_relation_size(c.oid, 'vm'))::float8 AS heap,
           (pg_table_size(c.oid) - pg_relation_size(c.oid) - pg_relation_size(c.oid, 'fsm') - pg_relation_size(c.oid, 'vm'))::float8 AS toast,
           pg_indexes_size(c.oid)::float8 AS indexes,
           pg_total_relation_size(c.oid)::float8 AS total
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'm', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
    ORDER BY total DESC`.execute(db);
  const indexes = await sql<{ index: string; table: string; bytes: number }>`
    SELECT i.relname AS index, t.relname AS table, pg_relation_size(i.oid)::float8 AS bytes
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    WHERE t.relname IN ('patents', 'patent_search')
    ORDER BY bytes DESC`.execute(db);
  const totals = await sql<{ patents: number; database: number; wal: number }>`
    SELECT (SELECT count(*) FROM patents)::int AS patents, pg_database_size(current_database())::float8 AS database,
           (SELECT coalesce(sum(size), 0) FROM pg_ls_waldir())::float8 AS wal`.execute(db);
  const { patents = 0, database = 0, wal = 0 } = totals.rows[0] ?? {};
  return {
    patents,
    tables: tables.rows,
    indexes: indexes.rows,
    database,
    dataFolder: await folderBytes(pgDataDir),
    wal,
  };
}

const mb = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;
const perPatent = (bytes: number, patents: number) =>
  `${Math.round(bytes / Math.max(patents, 1)).toLocaleString('en')} B`;

/** The report as lines: the tables over 1 MB, the patent tables' indexes, the totals. */
export function storageLines(report: StorageReport): string[] {
  const { patents } = report;
  const rows = report.tables.filter((table) => table.total >= 1024 * 1024);
  const rest = report.tables.filter((table) => table.total < 1024 * 1024);
  const line = (name: string, heap: string, toast: string, indexes: string, total: string, each: string) =>
    `    ${name.padEnd(28)}${heap.padStart(12)}${toast.padStart(12)}${indexes.padStart(12)}${total.padStart(12)}${each.padStart(10)}`;
  const lines = [
    line('table', 'heap', 'TOAST', 'indexes', 'total', 'a patent'),
    ...rows.map((table) =>
      line(
        table.table,
        mb(table.heap),
        mb(table.toast),
        mb(table.indexes),
        mb(table.total),
        perPatent(table.total, patents),
      ),
    ),
  ];
  if (rest.length > 0) {
    const restTotal = rest.reduce((sum, table) => sum + table.total, 0);
    lines.push(
      line(`${rest.length} smaller tables`, '', '', '', mb(restTotal), perPatent(restTotal, patents)),
    );
  }
  const tablesTotal = report.tables.reduce((sum, table) => sum + table.total, 0);
  lines.push(line('every table and index', '', '', '', mb(tablesTotal), perPatent(tablesTotal, patents)));
  lines.push(
    `    indexes of patents and patent_search: ${report.indexes
      .map((index) => `${index.index} ${mb(index.bytes)}`)
      .join(', ')}`,
    `    database ${mb(report.database)} = ${perPatent(report.database, patents)} a patent; data folder ${mb(report.dataFolder)}, of which WAL ${mb(report.wal)}`,
  );
  return lines;
}
