import { resultsAddress } from '@patentscout/schema';
import { expect, test } from './fixtures.js';
import { sql } from './e2e-db.js';
import { SEARCH_WAIT, signUpAndSignIn } from './helpers.js';
import { waitForMeaning } from './meaning-wait.js';

/**
 * A record that says nothing of its subject: a title of common words and no abstract (ADR 0177).
 * It stays in the corpus after the test, as a record of the kind the real data holds: deleted, its
 * meaning vector would stay in the server's memory until the next rebuild.
 */
const TITLE_ONLY = {
  lensId: '999-000-000-577-00E',
  docNumber: '9900577',
  title: 'STAND WITH ADJUSTABLE LEGS',
};

/**
 * Of the first three words the indexer learned for each class, the one the fewest patents write
 * themselves (the fewer classes it names too), with a patent of that class whose classification
 * the record copies.
 */
async function rareClassWord(): Promise<{ word: string; model: string }> {
  const [chosen] = await sql<{ word: string; model: string }>(`
    WITH stats AS (
      SELECT word, ndoc FROM ts_stat($$SELECT to_tsvector('english', title || ' ' || abstract) FROM patents$$)),
    first_words AS (
      SELECT c.class AS cls, w.word, (ts_lexize('english_stem', lower(w.word)))[1] AS lexeme
      FROM class_words c CROSS JOIN LATERAL unnest(c.words) WITH ORDINALITY AS w(word, ord)
      WHERE w.ord <= 3 AND length(w.word) >= 5)
    SELECT c.word, m.lens_id AS model
    FROM (SELECT f.cls, f.word, s.ndoc::int AS holders
          FROM first_words f JOIN stats s ON s.word = f.lexeme
          ORDER BY s.ndoc, f.cls, f.word LIMIT 50) AS c
      CROSS JOIN LATERAL (
        SELECT p.lens_id FROM patents p
        WHERE p.abstract <> '' AND EXISTS (
          SELECT 1 FROM unnest(string_to_array(p.ipc_symbols, E'\\x1F')) AS symbol
          WHERE c.cls IN (upper(split_part(trim(symbol), '/', 1)), left(upper(trim(symbol)), 4)))
        ORDER BY p.lens_id LIMIT 1) AS m
    ORDER BY c.holders, c.cls, c.word
    LIMIT 1`);
  return chosen!;
}

test('a title-only record is found through its classification, and the search names the classes it spoke for', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await waitForMeaning();
  // The meaning job learns the classes' words before the patents' vectors.
  const { word, model } = await rareClassWord();
  // Published in a year no other patent was, so that a search narrowed to it shows the record alone.
  const [{ year }] = (await sql<{ year: number }>(
    `SELECT y AS year FROM generate_series(1990, 1900, -1) AS y
     WHERE NOT EXISTS (SELECT 1 FROM patents WHERE year_published = y) LIMIT 1`,
  )) as [{ year: number }];
  // Copied from a patent of the class: its office and classification, none of its words.
  await sql(
    `INSERT INTO patents (lens_id, doc_key, jurisdiction, doc_number, kind, date_published, publication_type,
                          title, abstract, claims, ipc_symbols, first_ipc, cpc_symbols, inventors, applicants,
                          owners, patent_status, family_members, indexed_at)
     SELECT $1, p.jurisdiction || '_' || $2 || '_' || p.kind, p.jurisdiction, $2, p.kind, $5,
            p.publication_type, $3, '', '', p.ipc_symbols, p.first_ipc, '', '', '', '',
            p.patent_status, '[]', now()
     FROM patents p WHERE p.lens_id = $4
     ON CONFLICT (lens_id) DO NOTHING`,
    [TITLE_ONLY.lensId, TITLE_ONLY.docNumber, TITLE_ONLY.title, model, `${year}-06-01`],
  );
  const [learned] = await sql<{ words: string }>('SELECT words FROM patent_learned WHERE lens_id = $1', [
    TITLE_ONLY.lensId,
  ]);
  expect(learned?.words.split(' ')).toContain(word);

  // The server reads the classes' words again within half a minute while none were learned (the
  // meaning index's refresh): past that after the build, the search speaks for the learned classes.
  await expect
    .poll(
      async () =>
        (
          await sql<{ age: number }>(
            'SELECT extract(epoch FROM now() - built_at)::float8 AS age FROM meaning_model',
          )
        )[0]!.age,
      { timeout: 60_000, intervals: [2_000], message: "the server's class vocabulary is read again" },
    )
    .toBeGreaterThan(31);

  await signUpAndSignIn(page, 'classified');
  // At least 20 characters, as AI search asks; "and" and "more" are stop words.
  const query = `${word}, ${word} and more ${word}`;
  await page.goto(resultsAddress('ai', { query, years: [year, year] }));
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1, SEARCH_WAIT);
  // The record alone (its AI title is not written yet: the card names its number and links to it).
  await expect(card.locator(`a[href^="/patents/${TITLE_ONLY.lensId}"]`).first()).toBeVisible();
  await expect(card.getByTestId('matched-through-classification')).toContainText(
    `matched through its classification: ${word}`,
  );
  // The class that gives the word its most weight lists it among its first words, which the
  // explanation names: the word is one of the first three of the record's own class.
  const spoken = page
    .getByRole('region', { name: 'How this search was understood' })
    .getByTestId('spoken-classes');
  await expect(spoken).toContainText('Ranked first among equals, patents classified under:');
  await expect(spoken).toContainText(word);
});
