import { sql } from 'kysely';
import type { Db } from '@patentscout/db';
import { listItems } from '@patentscout/db';

const BATCH = 2_000;

/**
 * Patents in id order, `limit` after `after`, with their text (title and abstract): what class
 * words are learned from. Titles count too: most records have nothing else, and a group whose
 * patents have no abstracts is still named by what their titles share.
 */
export async function readTextedPatents(
  db: Db,
  options: { after: string; limit: number },
): Promise<{ lens_id: string; text: string; ipc_symbols: string[] }[]> {
  const { rows } = await sql<{ lens_id: string; text: string; ipc_symbols: string | null }>`
    SELECT p.lens_id, p.title || ' ' || p.abstract AS text, p.ipc_symbols
    FROM patents p
    WHERE p.lens_id > ${options.after}
    ORDER BY p.lens_id LIMIT ${options.limit}`.execute(db);
  return rows.map((row) => ({ ...row, ipc_symbols: listItems(row.ipc_symbols) }));
}

/** Replaces every class's words in one transaction: the trigger and the fill read all old or all new. */
export async function replaceClassWords(
  db: Db,
  classes: readonly { name: string; words: string[]; patents: number }[],
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await sql`DELETE FROM class_words`.execute(transaction);
    for (let start = 0; start < classes.length; start += BATCH) {
      const batch = classes.slice(start, start + BATCH);
      // Arrays of arrays do not pass as parameters: each list travels as one text.
      await sql`
        INSERT INTO class_words (class, words, patents)
        SELECT v.class, string_to_array(v.words, ' '), v.patents
        FROM unnest(${batch.map((entry) => entry.name)}::text[], ${batch.map((entry) => entry.words.join(' '))}::text[],
                    ${batch.map((entry) => entry.patents)}::int[]) AS v(class, words, patents)`.execute(
        transaction,
      );
    }
  });
}

/**
 * Writes the learned words of the patents after `after` (`limit` of them, in id order) from the
 * classes' words, and drops those a patent no longer has: answers the last id read, or null
 * past the end. A patent that arrives meanwhile gets its words from the trigger.
 */
export async function fillLearnedWords(db: Db, after: string, limit: number): Promise<string | null> {
  const { rows } = await sql<{ last: string | null }>`
    WITH page AS MATERIALIZED (
           SELECT p.lens_id, learned_words(p.abstract, p.ipc_symbols) AS words
           FROM patents p WHERE p.lens_id > ${after} ORDER BY p.lens_id LIMIT ${limit}),
         dropped AS (
           DELETE FROM patent_learned l USING page WHERE l.lens_id = page.lens_id AND page.words IS NULL),
         written AS (
           INSERT INTO patent_learned (lens_id, words)
           SELECT lens_id, words FROM page WHERE words IS NOT NULL
           ON CONFLICT (lens_id) DO UPDATE SET words = excluded.words WHERE patent_learned.words <> excluded.words)
    SELECT max(lens_id) AS last FROM page`.execute(db);
  return rows[0]?.last ?? null;
}
