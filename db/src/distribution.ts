/**
 * How the schema spreads over a sharded Postgres (Citus) when one machine's cores no longer carry
 * the searches (ADR 0122). Nothing here runs on a single server: it is the layout the schema keeps
 * to (distribution.test.ts checks every table is placed and that the keys allow it) and the DDL
 * that applies it (`npm run admin -- db distribution`).
 */

/** Sharded by the patent key: a patent, its search row and its sample rows share a shard. */
export const DISTRIBUTED_TABLES = {
  patents: 'lens_id',
  patent_search: 'lens_id',
  patent_search_sample: 'lens_id',
  patent_search_subsample: 'lens_id',
  patent_vectors: 'lens_id',
  patent_learned: 'lens_id',
} as const;

/** Copied whole to every worker: small, and read beside the patents' shards. */
export const REFERENCE_TABLES = [
  'search_words',
  'meaning_words',
  'meaning_word_senses',
  'meaning_model',
  'class_words',
] as const;

/**
 * On the coordinator: accounts and money, the allowance, the user's own records, mail, jobs and
 * bookkeeping. None of them joins the patents (favourites and result sets keep lens ids and the
 * display fields they need), and none is referenced by a distributed table.
 */
export const LOCAL_TABLES = [
  'users',
  'favourites',
  'collections',
  'collection_members',
  'collection_shares',
  'patent_changes',
  'search_events',
  'search_result_sets',
  'result_maps',
  'saved_searches',
  'oneshot_requests',
  'stripe_events',
  'plan_subscriptions',
  'plan_subscription_changes',
  'billing_customers',
  'billing_checkouts',
  'billing_reconciliations',
  'analyst_keys',
  'mail_messages',
  'mail_attachments',
  'outbox',
  'page_views',
  'rate_limit_hits',
  'app_secrets',
  'index_runs',
  'kysely_migration',
  'kysely_migration_lock',
] as const;

/**
 * Constraints a distributed table cannot keep, because they do not include its distribution
 * column, and what takes their place on distribution (the DDL below does it).
 */
export const REPLACED_ON_DISTRIBUTION: Record<string, string> = {
  patents_doc_key_key:
    "one publication, one id (ADR 0048) moves to patent_publications (doc_key primary key, distributed by doc_key): the indexer claims a publication's doc_key there in the transaction that writes the patent",
};

/** Shards per distributed table: a few per core of the first workers, room to rebalance onto more. */
export const SHARD_COUNT = 48;

/** The statements that distribute the schema on a Citus coordinator, in order. */
export function distributionStatements(): string[] {
  const [anchor, ...colocated] = Object.entries(DISTRIBUTED_TABLES);
  return [
    'CREATE EXTENSION IF NOT EXISTS citus;',
    'BEGIN;',
    'CREATE TABLE patent_publications (doc_key text PRIMARY KEY, lens_id text NOT NULL);',
    'INSERT INTO patent_publications SELECT doc_key, lens_id FROM patents;',
    'ALTER TABLE patents DROP CONSTRAINT patents_doc_key_key;',
    'CREATE INDEX patents_doc_key_idx ON patents (doc_key);',
    'COMMIT;',
    `SELECT create_distributed_table('${anchor![0]}', '${anchor![1]}', shard_count => ${SHARD_COUNT});`,
    ...colocated.map(
      ([table, column]) =>
        `SELECT create_distributed_table('${table}', '${column}', colocate_with => '${anchor![0]}');`,
    ),
    `SELECT create_distributed_table('patent_publications', 'doc_key', shard_count => ${SHARD_COUNT});`,
    ...REFERENCE_TABLES.map((table) => `SELECT create_reference_table('${table}');`),
  ];
}
