import { sql, type Kysely } from 'kysely';

/**
 * The provider's record is no longer kept whole (ADR 0117): it was 40 % of the database, every
 * field the product serves has a column of its own, and the only one read from the record, the
 * language of the title shown, gets one. One rewrite of the table (an ALTER ... TYPE), in the
 * migration's transaction: the record's bytes, in the table and in its TOAST, are gone after it,
 * with no VACUUM FULL, and a failure leaves the table as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The title the product shows is the first English one, else the first (preferEnglish).
  await sql`
    CREATE FUNCTION shown_title_language(record json) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(
        (SELECT title ->> 'lang' FROM json_array_elements(record -> 'biblio' -> 'invention_title') AS title
         WHERE title ->> 'lang' IS NULL OR lower(title ->> 'lang') = 'en' LIMIT 1),
        record -> 'biblio' -> 'invention_title' -> 0 ->> 'lang')
    $$`.execute(db);
  await sql`
    ALTER TABLE patents
      ALTER COLUMN record DROP NOT NULL,
      ALTER COLUMN record SET STORAGE EXTENDED,
      ALTER COLUMN record TYPE text USING shown_title_language(record)`.execute(db);
  await sql`ALTER TABLE patents RENAME COLUMN record TO title_lang`.execute(db);
  await sql`DROP FUNCTION shown_title_language(json)`.execute(db);
}

/** Back to a record column, holding what is left of it: the shown title and its language. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE patents RENAME COLUMN title_lang TO record`.execute(db);
  await sql`
    ALTER TABLE patents
      ALTER COLUMN record TYPE json USING json_build_object('biblio', json_build_object('invention_title',
        json_build_array(json_strip_nulls(json_build_object('text', title, 'lang', record))))),
      ALTER COLUMN record SET STORAGE EXTERNAL,
      ALTER COLUMN record SET NOT NULL`.execute(db);
}
