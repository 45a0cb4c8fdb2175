import { sql, type Kysely } from 'kysely';

/**
 * The search index: a narrow table beside `patents`, one row per patent, holding only what
 * candidate generation, filtering and ranking read (no record JSON, no display text), kept in
 * step by a trigger so that every writer maintains it. Its rows are meant to be stored in
 * static-rank order (CLUSTER on patent_search_static_rank_idx after bulk loads), so that a scan
 * that stops after the first K matches has seen the best candidates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE patents DROP COLUMN search_vector`.execute(db);

  await sql`
    CREATE FUNCTION classification_prefixes(symbols text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT prefix), '{}')
      FROM unnest(symbols) AS symbol,
           LATERAL (VALUES (left(upper(symbol), 1)), (left(upper(symbol), 3)), (left(upper(symbol), 4)),
                           (split_part(upper(symbol), '/', 1)), (upper(symbol))) AS prefixes(prefix)
      WHERE prefix <> ''
    $$`.execute(db);

  await sql`
    CREATE FUNCTION lower_all(values_ text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(lower(value)), '{}') FROM unnest(values_) AS value
    $$`.execute(db);

  await sql`
    CREATE TABLE patent_search (
      lens_id text PRIMARY KEY REFERENCES patents (lens_id) ON DELETE CASCADE,
      family_key text NOT NULL,
      static_rank real NOT NULL,
      jurisdiction text NOT NULL,
      kind text NOT NULL,
      publication_type text,
      doc_number_norm text NOT NULL,
      date_published date NOT NULL,
      year_published integer NOT NULL,
      priority_date date,
      patent_status text NOT NULL,
      first_ipc text,
      ipc_symbols text[] NOT NULL,
      cpc_symbols text[] NOT NULL,
      ipc_prefixes text[] NOT NULL,
      cpc_prefixes text[] NOT NULL,
      inventors_exact text[] NOT NULL,
      applicants_exact text[] NOT NULL,
      owners_exact text[] NOT NULL,
      text_vector tsvector NOT NULL,
      names_vector tsvector NOT NULL
    )`.execute(db);

  // Titles weigh A, abstracts B, claims C, the AI title D (ranked like a title, see search.rank.ts).
  await sql`
    CREATE FUNCTION patent_search_row(p patents) RETURNS patent_search
    LANGUAGE sql STABLE AS $$
      SELECT ROW(
        p.lens_id,
        coalesce(p.family_id, p.lens_id),
        (least(greatest(extract(year FROM p.date_published) - 1980, 0), 50) / 50.0) * 0.5
          + CASE WHEN p.abstract <> '' THEN 0.25 ELSE 0 END
          + CASE WHEN p.patent_status IN ('ACTIVE', 'PATENTED', 'PENDING') THEN 0.15 ELSE 0 END
          + CASE WHEN p.ai_title IS NOT NULL THEN 0.1 ELSE 0 END,
        upper(p.jurisdiction),
        upper(p.kind),
        p.publication_type,
        ltrim(p.doc_number, '0'),
        p.date_published,
        extract(year FROM p.date_published)::int,
        p.earliest_priority_date,
        p.patent_status,
        upper(p.first_ipc),
        p.ipc_symbols,
        p.cpc_symbols,
        classification_prefixes(p.ipc_symbols),
        classification_prefixes(p.cpc_symbols),
        lower_all(p.inventors),
        lower_all(p.applicants),
        lower_all(p.owners),
        setweight(to_tsvector('english', p.title), 'A')
          || setweight(to_tsvector('english', p.abstract), 'B')
          || setweight(to_tsvector('english', p.claims), 'C')
          || setweight(to_tsvector('english', coalesce(p.ai_title, '')), 'D'),
        setweight(to_tsvector('simple', array_to_string(p.inventors, ' ')), 'A')
          || setweight(to_tsvector('simple', array_to_string(p.applicants, ' ')), 'B')
          || setweight(to_tsvector('simple', array_to_string(p.owners, ' ')), 'C')
      )::patent_search
    $$`.execute(db);

  await sql`
    CREATE FUNCTION patent_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO patent_search SELECT (patent_search_row(NEW)).*
      ON CONFLICT (lens_id) DO UPDATE SET
        family_key = EXCLUDED.family_key, static_rank = EXCLUDED.static_rank,
        jurisdiction = EXCLUDED.jurisdiction, kind = EXCLUDED.kind,
        publication_type = EXCLUDED.publication_type, doc_number_norm = EXCLUDED.doc_number_norm,
        date_published = EXCLUDED.date_published, year_published = EXCLUDED.year_published,
        priority_date = EXCLUDED.priority_date, patent_status = EXCLUDED.patent_status,
        first_ipc = EXCLUDED.first_ipc, ipc_symbols = EXCLUDED.ipc_symbols, cpc_symbols = EXCLUDED.cpc_symbols,
        ipc_prefixes = EXCLUDED.ipc_prefixes, cpc_prefixes = EXCLUDED.cpc_prefixes,
        inventors_exact = EXCLUDED.inventors_exact, applicants_exact = EXCLUDED.applicants_exact,
        owners_exact = EXCLUDED.owners_exact, text_vector = EXCLUDED.text_vector,
        names_vector = EXCLUDED.names_vector;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER patents_search_sync AFTER INSERT OR UPDATE ON patents
    FOR EACH ROW EXECUTE FUNCTION patent_search_sync()`.execute(db);

  await sql`INSERT INTO patent_search SELECT (patent_search_row(p)).* FROM patents p`.execute(db);

  for (const statement of [
    sql`CREATE INDEX patent_search_text_idx ON patent_search USING gin (text_vector)`,
    sql`CREATE INDEX patent_search_names_idx ON patent_search USING gin (names_vector)`,
    sql`CREATE INDEX patent_search_ipc_idx ON patent_search USING gin (ipc_prefixes)`,
    sql`CREATE INDEX patent_search_cpc_idx ON patent_search USING gin (cpc_prefixes)`,
    sql`CREATE INDEX patent_search_inventors_idx ON patent_search USING gin (inventors_exact)`,
    sql`CREATE INDEX patent_search_applicants_idx ON patent_search USING gin (applicants_exact)`,
    sql`CREATE INDEX patent_search_owners_idx ON patent_search USING gin (owners_exact)`,
    sql`CREATE INDEX patent_search_number_idx ON patent_search (doc_number_norm, jurisdiction)`,
    sql`CREATE INDEX patent_search_date_idx ON patent_search (date_published)`,
    sql`CREATE INDEX patent_search_priority_idx ON patent_search (priority_date)`,
    sql`CREATE INDEX patent_search_first_ipc_idx ON patent_search (first_ipc text_pattern_ops)`,
    sql`CREATE INDEX patent_search_static_rank_idx ON patent_search (static_rank DESC)`,
    // Term statistics (most common lexemes and their frequencies) feed the AI search's rarity weights.
    sql`ALTER TABLE patent_search ALTER COLUMN text_vector SET STATISTICS 2000`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS patents_search_sync ON patents`.execute(db);
  await sql`DROP TABLE IF EXISTS patent_search`.execute(db);
  await sql`DROP FUNCTION IF EXISTS patent_search_sync(), patent_search_row(patents), lower_all(text[]), classification_prefixes(text[])`.execute(
    db,
  );
  await sql`ALTER TABLE patents ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(ai_title, '')), 'A')
    || setweight(to_tsvector('english', abstract), 'B') || setweight(to_tsvector('english', claims), 'C')) STORED`.execute(
    db,
  );
  await sql`CREATE INDEX patents_search_vector_idx ON patents USING gin (search_vector)`.execute(db);
}
