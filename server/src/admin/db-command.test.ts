import { describe, expect, it } from 'vitest';
import { UsageError } from './admin-errors.js';
import { parseDbCommand, runDbCommand } from './db-command.js';

const DEFAULTS = {
  databaseUrl: 'postgres://app@primary/patentscout',
  replicaUrls: ['postgres://ro@replica-1/patentscout'],
};

describe('npm run admin -- db', () => {
  it('reads status (of DATABASE_URL by default), promote and distribution', () => {
    expect(parseDbCommand(['db', 'status'], DEFAULTS)).toEqual({ name: 'status', ...DEFAULTS });
    expect(parseDbCommand(['db', 'status', '--database-url', 'postgres://other/db'], DEFAULTS)).toMatchObject(
      {
        databaseUrl: 'postgres://other/db',
      },
    );
    expect(
      parseDbCommand(['db', 'promote', '--database-url', 'postgres://replica-1/db', '--force'], DEFAULTS),
    ).toEqual({ name: 'promote', databaseUrl: 'postgres://replica-1/db', force: true });
    expect(parseDbCommand(['db', 'distribution'], DEFAULTS)).toEqual({ name: 'distribution' });
  });

  it('refuses a promote without the standby named, an unknown command, a stray argument and a bad URL', () => {
    const refused = (argv: string[]) => () => parseDbCommand(argv, DEFAULTS);
    expect(refused(['db', 'promote'])).toThrow(
      new UsageError('db promote needs --database-url: the standby to promote'),
    );
    expect(refused(['db', 'failover'])).toThrow(/unknown db command "failover"/);
    expect(refused(['db'])).toThrow(/db needs status, promote or distribution/);
    expect(refused(['db', 'status', 'now'])).toThrow(/unexpected argument "now"/);
    expect(refused(['db', 'status', '--force'])).toThrow(/does not take --force/);
    expect(refused(['db', 'promote', '--database-url', 'mysql://x/y'])).toThrow(
      /must start with postgres:\/\//,
    );
    expect(refused(['db', 'status', '--verbose'])).toThrow(UsageError);
  });

  it('prints the Citus layout and the statements that apply it', async () => {
    let text = '';
    await runDbCommand({ name: 'distribution' }, { write: (chunk: string) => (text += chunk) });
    expect(text).toContain('distributed, co-located: patents by lens_id, patent_search by lens_id');
    expect(text).toContain("SELECT create_distributed_table('patents', 'lens_id', shard_count => 48);");
    expect(text).toContain("SELECT create_reference_table('search_words');");
  });
});
