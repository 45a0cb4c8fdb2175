import { sql, type Kysely } from 'kysely';

/**
 * Collections (ADR 0145): named sets of patents a user keeps, annotates, shares and watches.
 * Members keep what a card needs (publication key, title, family) so that a patent that leaves the
 * corpus is still listed, as "no longer in the corpus". The change log is written by triggers on
 * `patents`, for patents some collection holds only, so that re-index and ingest record changes
 * without the indexer knowing about collections (ADR 0147).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE collections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_uid text NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      link_token text UNIQUE,
      watched boolean NOT NULL DEFAULT false,
      watch_cursor bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX collections_owner_name ON collections (owner_uid, lower(name))`.execute(db);

  await sql`
    CREATE TABLE collection_members (
      collection_id uuid NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
      lens_id text NOT NULL,
      doc_key text NOT NULL,
      patent_title text NOT NULL,
      family_id text,
      note text NOT NULL DEFAULT '',
      tags text[] NOT NULL DEFAULT '{}',
      added_by text,
      added_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (collection_id, lens_id)
    )`.execute(db);
  await sql`CREATE INDEX collection_members_lens_id ON collection_members (lens_id)`.execute(db);
  await sql`CREATE INDEX collection_members_family_id ON collection_members (family_id) WHERE family_id IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE collection_shares (
      collection_id uuid NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('viewer', 'editor')),
      invite_token text NOT NULL UNIQUE,
      user_uid text REFERENCES users(uid) ON DELETE CASCADE,
      watch boolean NOT NULL DEFAULT false,
      invited_at timestamptz NOT NULL DEFAULT now(),
      accepted_at timestamptz,
      PRIMARY KEY (collection_id, email)
    )`.execute(db);
  await sql`CREATE INDEX collection_shares_user ON collection_shares (user_uid) WHERE user_uid IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE patent_changes (
      id bigserial PRIMARY KEY,
      lens_id text NOT NULL,
      family_id text,
      kind text NOT NULL CHECK (kind IN ('legal_status', 'family_member', 'removed')),
      detail text NOT NULL DEFAULT '',
      changed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // Cheap for patents no collection holds: one index probe, and no row.
  await sql`
    CREATE FUNCTION record_collected_patent_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF EXISTS (SELECT 1 FROM collection_members WHERE lens_id = OLD.lens_id) THEN
          INSERT INTO patent_changes (lens_id, family_id, kind, detail)
          VALUES (OLD.lens_id, OLD.family_id, 'removed', OLD.title);
        END IF;
        RETURN OLD;
      ELSIF TG_OP = 'INSERT' THEN
        IF EXISTS (SELECT 1 FROM collection_members WHERE family_id = NEW.family_id AND lens_id <> NEW.lens_id) THEN
          INSERT INTO patent_changes (lens_id, family_id, kind, detail)
          VALUES (NEW.lens_id, NEW.family_id, 'family_member', NEW.jurisdiction || ' ' || NEW.doc_number || ' ' || NEW.kind);
        END IF;
      ELSIF NEW.patent_status IS DISTINCT FROM OLD.patent_status
            AND EXISTS (SELECT 1 FROM collection_members WHERE lens_id = NEW.lens_id) THEN
        INSERT INTO patent_changes (lens_id, family_id, kind, detail)
        VALUES (NEW.lens_id, NEW.family_id, 'legal_status', OLD.patent_status || ' → ' || NEW.patent_status);
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER patents_collected_insert AFTER INSERT ON patents
    FOR EACH ROW WHEN (NEW.family_id IS NOT NULL) EXECUTE FUNCTION record_collected_patent_change()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER patents_collected_status AFTER UPDATE OF patent_status ON patents
    FOR EACH ROW WHEN (OLD.patent_status IS DISTINCT FROM NEW.patent_status)
    EXECUTE FUNCTION record_collected_patent_change()`.execute(db);
  await sql`
    CREATE TRIGGER patents_collected_delete AFTER DELETE ON patents
    FOR EACH ROW EXECUTE FUNCTION record_collected_patent_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS patents_collected_delete ON patents`.execute(db);
  await sql`DROP TRIGGER IF EXISTS patents_collected_status ON patents`.execute(db);
  await sql`DROP TRIGGER IF EXISTS patents_collected_insert ON patents`.execute(db);
  await sql`DROP FUNCTION IF EXISTS record_collected_patent_change()`.execute(db);
  await sql`DROP TABLE IF EXISTS patent_changes`.execute(db);
  await sql`DROP TABLE IF EXISTS collection_shares`.execute(db);
  await sql`DROP TABLE IF EXISTS collection_members`.execute(db);
  await sql`DROP TABLE IF EXISTS collections`.execute(db);
}
