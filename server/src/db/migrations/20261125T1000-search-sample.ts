import { sql, type Kysely } from 'kysely';

/**
 * A fixed random sample of the search index for counting: every patent of one simple family in
 * twenty (by a hash of its family key, so that a family is wholly in or out, and the sample's
 * families scale like its patents). A search's matches counted in the sample, times twenty,
 * estimate its total within a known error (engine/counts.ts). A trigger on `patent_search` keeps
 * the sample in step on every write path: row by row, bulk inserts and the bulk rebuild's TRUNCATE.
 * The sample has the search index's columns in the same order: a new column of `patent_search`
 * must be added here too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The bucket count is SAMPLE_BUCKETS in engine/plan.ts.
  await sql`
    CREATE FUNCTION in_search_sample(family_key text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT hashtext(family_key) % 20 = 0 $$`.execute(db);
  await sql`CREATE TABLE patent_search_sample (LIKE patent_search INCLUDING DEFAULTS)`.execute(db);
  await sql`ALTER TABLE patent_search_sample ADD PRIMARY KEY (lens_id)`.execute(db);
  await sql`CREATE INDEX patent_search_sample_text_idx ON patent_search_sample USING gin (text_vector)`.execute(
    db,
  );
  await sql`CREATE INDEX patent_search_sample_names_idx ON patent_search_sample USING gin (names_vector)`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION patent_search_sample_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        TRUNCATE patent_search_sample;
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM patent_search_sample WHERE lens_id = OLD.lens_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND in_search_sample(NEW.family_key) THEN
        INSERT INTO patent_search_sample SELECT NEW.*;
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
  await sql`
    INSERT INTO patent_search_sample SELECT * FROM patent_search WHERE in_search_sample(family_key)`.execute(
    db,
  );
  await sql`ANALYZE patent_search_sample`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS patent_search_sample_truncate ON patent_search`.execute(db);
  await sql`DROP TRIGGER IF EXISTS patent_search_sample_change ON patent_search`.execute(db);
  await sql`DROP TRIGGER IF EXISTS patent_search_sample_insert ON patent_search`.execute(db);
  await sql`DROP FUNCTION IF EXISTS patent_search_sample_sync()`.execute(db);
  await sql`DROP TABLE IF EXISTS patent_search_sample`.execute(db);
  await sql`DROP FUNCTION IF EXISTS in_search_sample(text)`.execute(db);
}
