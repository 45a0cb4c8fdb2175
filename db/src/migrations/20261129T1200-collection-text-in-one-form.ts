import { sql, type Kysely } from 'kysely';

/** Only text with a character beyond ASCII can be in another Unicode form: the rest is left unread. */
const BEYOND_ASCII = '[^\\x01-\\x7f]';

/** `name`, or `name (2)`, `name (3)`... : the first that none of `taken` (lower case) holds. */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let number = 2; ; number += 1) {
    const candidate = `${name} (${number})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** The tags in one form, the same tag in another case or form kept once (as the API keeps them). */
function tagsInOneForm(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags.map((written) => written.normalize('NFC'))) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    kept.push(tag);
  }
  return kept;
}

/**
 * Collection names and tags saved before the API wrote them in one Unicode form (NFC, ADR
 * 0145): "école" typed decomposed was a second collection beside "école", and a
 * search for the tag typed precomposed missed it. Each is rewritten in NFC; a name that then
 * equals another of its owner's takes the first free "name (2)" rather than being lost or merged.
 * Not undone by `down`: the old form carried nothing the new one lacks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: collections } = await sql<{ id: string; owner_uid: string; name: string }>`
    SELECT id, owner_uid, name FROM collections WHERE name ~ ${BEYOND_ASCII} ORDER BY created_at, id`.execute(
    db,
  );
  const rewritten = collections.filter((row) => row.name.normalize('NFC') !== row.name);
  for (const row of rewritten) {
    const { rows: others } = await sql<{ name: string }>`
      SELECT name FROM collections WHERE owner_uid = ${row.owner_uid} AND id <> ${row.id}`.execute(db);
    const taken = new Set(others.map((other) => other.name.toLowerCase()));
    const name = freeName(row.name.normalize('NFC'), taken);
    await sql`UPDATE collections SET name = ${name} WHERE id = ${row.id}`.execute(db);
  }

  const { rows: members } = await sql<{ collection_id: string; lens_id: string; tags: string[] }>`
    SELECT collection_id, lens_id, tags FROM collection_members
    WHERE array_to_string(tags, ' ') ~ ${BEYOND_ASCII}`.execute(db);
  for (const member of members) {
    const tags = tagsInOneForm(member.tags);
    if (tags.length === member.tags.length && tags.every((tag, at) => tag === member.tags[at])) continue;
    await sql`
      UPDATE collection_members SET tags = ${tags}
      WHERE collection_id = ${member.collection_id} AND lens_id = ${member.lens_id}`.execute(db);
  }
}

export async function down(): Promise<void> {}
