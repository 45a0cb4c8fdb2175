import { sql } from 'kysely';
import type { Db } from '@patentscout/db';
import { hitsByIds, type SearchHit } from '../rank.js';
import type { Nearest } from './nearest.js';

/** Why a patent is similar to another: what they share, and how close their meaning is. */
export interface SimilarityReasons {
  /** IPC main groups (`A61K31`) both are classified in. */
  sharedClasses: string[];
  /** Key words both use, rarest first, each as the patent's own text writes it (not its stem). */
  sharedWords: string[];
  /** Cosine similarity of their vectors (-1 to 1). */
  similarity: number;
}

export type SimilarPatent = SearchHit & { reasons: SimilarityReasons };

/**
 * Each stem as the word that the patent's own text writes most often with it (`nois` -> `noise`):
 * the same parser as its search vector, each token stemmed as the English configuration stems it.
 */
async function surfaceWords(db: Db, lensId: string, lexemes: string[]): Promise<Map<string, string>> {
  if (lexemes.length === 0) return new Map();
  const { rows } = await sql<{ lexeme: string; word: string }>`
    SELECT DISTINCT ON (lexeme) lexeme, word
    FROM (
      SELECT (ts_lexize('english_stem', token.lexeme))[1] AS lexeme, token.lexeme AS word,
             coalesce(array_length(token.positions, 1), 1) AS uses
      FROM patents p,
           unnest(to_tsvector('simple', concat_ws(' ', p.title, p.abstract, p.claims, p.ai_title))) AS token
      WHERE p.lens_id = ${lensId}) words
    WHERE lexeme = ANY(${lexemes}::text[])
    ORDER BY lexeme, uses DESC, length(word), word`.execute(db);
  return new Map(rows.map((row) => [row.lexeme, row.word]));
}

/** Whether the search index holds patent `lensId`. */
export async function patentIndexed(db: Db, lensId: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM patent_search WHERE lens_id = ${lensId}) AS found`.execute(db);
  return rows[0]?.found ?? false;
}

/** An IPC symbol's main group: `A61K31/4427` -> `A61K31`. */
const mainGroup = (symbol: string) => symbol.split('/')[0]!.toUpperCase();

/**
 * The patents nearest to patent `lensId` in meaning, one per simple family (its nearest), the
 * patent's own family left out, `first` at most, nearest first, each with why it is similar.
 * `nearest` are the candidates read from the meaning index, nearest first.
 */
export async function similarPatents(
  db: Db,
  lensId: string,
  nearest: Nearest[],
  first: number,
  rarity: (lexeme: string) => number,
): Promise<SimilarPatent[]> {
  const candidates = nearest.filter((entry) => entry.lensId !== lensId);
  if (candidates.length === 0) return [];
  const { rows } = await sql<{ lens_id: string; similarity: number; ipc: string; shared: string[] }>`
    WITH own AS (SELECT family_key, ipc_symbols, text_vector FROM patent_search WHERE lens_id = ${lensId}),
         near AS (
           SELECT DISTINCT ON (s.family_key) s.lens_id, n.similarity, s.ipc_symbols, s.text_vector
           FROM unnest(${candidates.map((entry) => entry.lensId!)}::text[], ${candidates.map((entry) => entry.similarity)}::real[])
                AS n(lens_id, similarity)
           JOIN patent_search s ON s.lens_id = n.lens_id
           WHERE s.family_key IS DISTINCT FROM (SELECT family_key FROM own)
           ORDER BY s.family_key, n.similarity DESC, s.lens_id)
    SELECT near.lens_id, near.similarity, near.ipc_symbols AS ipc,
           ARRAY(SELECT unnest(tsvector_to_array(near.text_vector))
                 INTERSECT SELECT unnest(tsvector_to_array(own.text_vector))) AS shared
    FROM near, own
    ORDER BY near.similarity DESC, near.lens_id
    LIMIT ${first}`.execute(db);
  if (rows.length === 0) return [];
  const { rows: ownRows } = await sql<{ ipc: string }>`
    SELECT ipc_symbols AS ipc FROM patent_search WHERE lens_id = ${lensId}`.execute(db);
  const ownClasses = new Set(
    (ownRows[0]?.ipc ?? '')
      .split('\u001f')
      .filter((symbol) => symbol !== '')
      .map(mainGroup),
  );
  const hits = new Map(
    (
      await hitsByIds(
        db,
        rows.map((row) => row.lens_id),
      )
    ).map((hit) => [hit.lens_id, hit]),
  );
  const keyWords = new Map(
    rows.map((row) => [
      row.lens_id,
      [...row.shared]
        .filter((lexeme) => lexeme.length > 2)
        .sort((left, right) => rarity(left) - rarity(right))
        .slice(0, 5),
    ]),
  );
  const surface = await surfaceWords(db, lensId, [...new Set([...keyWords.values()].flat())]);
  return rows.flatMap((row) => {
    const hit = hits.get(row.lens_id);
    if (!hit) return [];
    const classes = [
      ...new Set(
        row.ipc
          .split('\u001f')
          .filter((symbol) => symbol !== '')
          .map(mainGroup),
      ),
    ].filter((group) => ownClasses.has(group));
    const sharedWords = keyWords.get(row.lens_id)!.map((lexeme) => surface.get(lexeme) ?? lexeme);
    return [{ ...hit, reasons: { sharedClasses: classes, sharedWords, similarity: row.similarity } }];
  });
}
