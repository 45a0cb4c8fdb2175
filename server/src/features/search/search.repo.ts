import { sql } from 'kysely';
import type { Db } from '@patentscout/db';

/** Marks the start and the end of a matched word in a highlighted passage (never in HTML text). */
export const MATCH_START = '\u0001';
export const MATCH_END = '\u0002';
/** How much of a patent's claims a highlight reads (the claims can run to hundreds of kilobytes). */
const CLAIMS_READ = 20_000;
const MARKERS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}`;
const WHOLE_OPTIONS = `${MARKERS}, HighlightAll=true`;
const FRAGMENT_OPTIONS = `${MARKERS}, MaxFragments=2, MaxWords=20, MinWords=8, FragmentDelimiter=" … "`;

/** The search feature's SQL outside the engine: a page's highlights. */
export interface SearchRepo {
  /**
   * The passages of the patents' title, abstract and claims that contain a word of `tsquery`
   * (any of its lexemes), with each word between `MATCH_START` and `MATCH_END`: the title whole,
   * the abstract and claims as up to two short fragments. A field without a match is null. Only
   * for a page of results: `ts_headline` re-parses the text it marks.
   */
  highlights(
    lensIds: readonly string[],
    tsquery: string,
  ): Promise<
    {
      lens_id: string;
      title: string | null;
      abstract: string | null;
      claims: string | null;
    }[]
  >;
}

/**
 * The search feature's own SQL outside the engine: the passages that matched, for highlights,
 * read from `reads` (a replica when one serves).
 */
export function createSearchRepo(reads: Db): SearchRepo {
  return {
    /**
     * The passages of the patents' title, abstract and claims that contain a word of `tsquery`
     * (any of its lexemes), with each word between `MATCH_START` and `MATCH_END`: the title whole,
     * the abstract and claims as up to two short fragments. A field without a match is null. Only
     * for a page of results: `ts_headline` re-parses the text it marks.
     */
    async highlights(lensIds: readonly string[], tsquery: string) {
      const { rows } = await sql<{
        lens_id: string;
        title: string | null;
        abstract: string | null;
        claims: string | null;
      }>`
        WITH q AS (SELECT ${tsquery}::tsquery AS query),
        p AS (
          SELECT lens_id, title, abstract, left(claims, ${CLAIMS_READ}) AS claims
          FROM patents WHERE lens_id = ANY(${[...lensIds]}::text[])
        )
        SELECT p.lens_id,
          CASE WHEN to_tsvector('english', p.title) @@ q.query
            THEN ts_headline('english', p.title, q.query, ${WHOLE_OPTIONS}) END AS title,
          CASE WHEN to_tsvector('english', p.abstract) @@ q.query
            THEN ts_headline('english', p.abstract, q.query, ${FRAGMENT_OPTIONS}) END AS abstract,
          CASE WHEN to_tsvector('english', p.claims) @@ q.query
            THEN ts_headline('english', p.claims, q.query, ${FRAGMENT_OPTIONS}) END AS claims
        FROM p CROSS JOIN q`.execute(reads);
      return rows;
    },
  };
}
