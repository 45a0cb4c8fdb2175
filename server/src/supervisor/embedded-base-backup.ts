import { chmod, chown, copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * A standby's data folder: a base backup of the running primary, copied with the low-level backup
 * API (the embedded binaries ship no pg_basebackup), and its way back to the primary.
 */

/** What a base backup leaves out (the low-level backup API's list, "Making a Base Backup"). */
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
  'pg_replslot',
]);
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'pg_internal.init',
  'backup_label',
  'tablespace_map',
  'standby.signal',
  'recovery.signal',
  'standby.log',
]);

/** The copy's way to its primary, as `pg_basebackup --write-recovery-conf` writes it. */
export async function writeConnection(
  dataDir: string,
  primaryPort: number,
  name: string,
  owner: { uid: number; gid: number } | undefined,
): Promise<void> {
  const conninfo = `host=127.0.0.1 port=${primaryPort} user=postgres password=patentscout application_name=${name}`;
  const file = path.join(dataDir, 'postgresql.auto.conf');
  await writeFile(
    file,
    `# Written by PatentScout for the embedded read replica ${name} (rewritten at each start).\nprimary_conninfo = '${conninfo}'\n`,
  );
  if (owner) await chown(file, owner.uid, owner.gid);
}

export async function baseBackup(
  primaryAdminUrl: string,
  primaryDataDir: string,
  dataDir: string,
  name: string,
  owner: { uid: number; gid: number } | undefined,
): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  const client = new pg.Client({ connectionString: primaryAdminUrl });
  client.on('error', () => undefined); // a lost connection fails the query under way; see keepLostConnectionsQuiet
  await client.connect();
  try {
    // One session from start to stop: ending it earlier aborts the backup.
    await client.query('SELECT pg_backup_start($1, true)', [`PatentScout read replica ${name}`]);
    await copyDataFolder(primaryDataDir, dataDir);
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
    );
    await writeFile(path.join(dataDir, 'backup_label'), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) await writeFile(path.join(dataDir, 'tablespace_map'), rows[0]!.spcmapfile);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end();
  }
  await writeFile(path.join(dataDir, 'standby.signal'), '');
  await mkdir(path.join(dataDir, 'pg_wal', 'archive_status'), { recursive: true });
  await chmod(dataDir, 0o700);
  if (owner) await chownTree(dataDir, owner);
}

/** Copies a live data folder; a file removed while the copy runs (a dropped relation, a temp file) is skipped. */
async function copyDataFolder(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (EMPTIED_FOLDERS.has(entry.name) || entry.name.startsWith('pgsql_tmp')) await mkdir(target);
      else await copyDataFolder(source, target);
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && !entry.name.startsWith('pgsql_tmp')) {
      await copyFile(source, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  }
}

async function chownTree(folder: string, owner: { uid: number; gid: number }): Promise<void> {
  await chown(folder, owner.uid, owner.gid);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const target = path.join(folder, entry.name);
    if (entry.isDirectory()) await chownTree(target, owner);
    else await chown(target, owner.uid, owner.gid);
  }
}
