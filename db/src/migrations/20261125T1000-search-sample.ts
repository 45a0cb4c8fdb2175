import { sql, type Kysely } from 'kysely';

/**
 * Fixed random samples of the search index for counting: every patent of one simple family in
 * twenty, and of one in a hundred (by a hash of the family key, so that a family is wholly in
 * or out, and a sample's families scale like its patents; the smaller is a subset of the larger).
 * A search's matches counted in a sample, times its size, estimate its total within a known error
 * (engine/counts.ts); the small one answers broad searches at a twentieth of the cost. A trigger on
 * `patent_search` keeps both in step on every write path: row by row, bulk inserts and the bulk
 * rebuild's TRUNCATE. The samples have the search index's columns in the same order: a new column
 * of `patent_search` must be added to them too.
 */
const SAMPLES = [
  { table: 'patent_search_sample', test: 'in_search_sample', buckets: 20 },
  { table: 'patent_search_subsample', test: 'in_search_subsample', buckets: 100 },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The bucket counts are COUNTING.samples in engine/plan.ts.
  for (const sample of SAMPLES) {
    await sql`
      CREATE FUNCTION ${sql.raw(sample.test)}(family_key text) RETURNS boolean
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS ${sql.lit(`SELECT hashtext(family_key) % ${sample.buckets} = 0`)}`.execute(
      db,
    );
    await sql`CREATE TABLE ${sql.table(sample.table)} (LIKE patent_search INCLUDING DEFAULTS)`.execute(db);
    await sql`ALTER TABLE ${sql.table(sample.table)} ADD PRIMARY KEY (lens_id)`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${sample.table}_text_idx`)} ON ${sql.table(sample.table)} USING gin (text_vector)`.execute(
      db,
    );
    await sql`CREATE INDEX ${sql.raw(`${sample.table}_names_idx`)} ON ${sql.table(sample.table)} USING gin (names_vector)`.execute(
      db,
    );
  }
  await sql`
    CREATE FUNCTION patent_search_sample_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        TRUNCATE patent_search_sample, patent_search_subsample;
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM patent_search_sample WHERE lens_id = OLD.lens_id;
        DELETE FROM patent_search_subsample WHERE lens_id = OLD.lens_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND in_search_sample(NEW.family_key) THEN
        INSERT INTO patent_search_sample SELECT NEW.*;
        IF in_search_subsample(NEW.family_key) THEN
          INSERT INTO patent_search_subsample SELECT NEW.*;
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // Inserts outside the sample (19 in 20) skip the function call altogether.
  await sql`
    CREATE TRIGGER patent_search_sample_insert AFTER INSERT ON patent_search
    FOR EACH ROW WHEN (in_search_sample(NEW.family_key)) EXECUTE FUNCTION patent_search_sample_sync()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER patent_search_sample_change AFTER UPDATE OR DELETE ON patent_search
    FOR EACH ROW EXECUTE FUNCTION patent_search_sample_sync()`.execute(db);
  await sql`
    CREATE TRIGGER patent_search_sample_truncate AFTER TRUNCATE ON patent_search
    FOR EACH STATEMENT EXECUTE FUNCTION patent_search_sample_sync()`.execute(db);
  for (const sample of SAMPLES) {
    await sql`
      INSERT INTO ${sql.table(sample.table)}
      SELECT * FROM patent_search WHERE ${sql.raw(sample.test)}(family_key)`.execute(db);
    await sql`ANALYZE ${sql.table(sample.table)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS patent_search_sample_truncate ON patent_search`.execute(db);
  await sql`DROP TRIGGER IF EXISTS patent_search_sample_change ON patent_search`.execute(db);
  await sql`DROP TRIGGER IF EXISTS patent_search_sample_insert ON patent_search`.execute(db);
  await sql`DROP FUNCTION IF EXISTS patent_search_sample_sync()`.execute(db);
  for (const sample of SAMPLES) {
    await sql`DROP TABLE IF EXISTS ${sql.table(sample.table)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(sample.test)}(text)`.execute(db);
  }
}
