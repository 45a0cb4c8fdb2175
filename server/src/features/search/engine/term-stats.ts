import { sql } from 'kysely';
import type { Db } from '@patentscout/db';
import type { Clock } from '../../../shared/clock.js';
import { STATISTICS_REFRESH_MS, TOP_RANK_MIN, UNLISTED_WORD_FACTOR } from './plan.js';
import { planOf } from './query-plan.js';
import {
  STATISTICS_COLUMNS,
  type StatisticsColumn,
  type TermStats,
  type TermStatsSource,
} from './statistics.js';

/**
 * Lexeme frequencies from Postgres' own column statistics (`most_common_elems` of the text
 * vector, kept by ANALYZE): free to read, and good enough to tell "method" from "lithium". A
 * lexeme missing from the list is rarer than the rarest listed one. The filter columns' most
 * common values come from the same statistics; a value missing from them counts as rare.
 */
export function createTermStatsSource(db: Db, clock: Clock): TermStatsSource {
  let cached: { at: number; stats: TermStats } | null = null;

  async function load(): Promise<TermStats> {
    const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null; documents: number | null }>`
      SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs::real[] AS freqs,
             (SELECT greatest(reltuples, 0)::float8 FROM pg_class WHERE oid = 'patent_search'::regclass) AS documents
      FROM (SELECT 1) one LEFT JOIN pg_stats ON tablename = 'patent_search' AND attname = 'text_vector'`.execute(
      db,
    );
    const frequencies = new Map<string, number>();
    const row = rows[0];
    let floor = 0.001 * UNLISTED_WORD_FACTOR;
    if (row?.elems && row.freqs) {
      row.elems.forEach((lexeme, index) => frequencies.set(lexeme, row.freqs![index]!));
      // The statistics end with the minimum and maximum frequency and the null share.
      const listed = row.freqs.slice(0, row.elems.length);
      if (listed.length > 0) floor = Math.min(...listed) * UNLISTED_WORD_FACTOR;
    }
    const values = await filterValueShares();
    const share = (column: StatisticsColumn, wanted: readonly string[]) =>
      wanted.reduce((sum, value) => sum + (values.get(column)?.get(value) ?? 0), 0);
    const yearShare = (from: number | null, to: number | null) => {
      let sum = 0;
      for (const [year, frequency] of values.get('year_published') ?? []) {
        if ((from === null || Number(year) >= from) && (to === null || Number(year) <= to)) sum += frequency;
      }
      return sum;
    };
    return {
      frequency: (lexeme) => frequencies.get(lexeme) ?? floor,
      documents: row?.documents ?? 0,
      topRankDocuments: await topRankDocuments(),
      share,
      yearShare,
    };
  }

  async function topRankDocuments(): Promise<number> {
    const plan = await planOf(
      db,
      sql`SELECT 1 FROM patent_search WHERE static_rank >= ${sql.lit(TOP_RANK_MIN)}`,
    );
    return plan?.['Plan Rows'] ?? 0;
  }

  async function filterValueShares(): Promise<Map<StatisticsColumn, Map<string, number>>> {
    const { rows } = await sql<{ column: StatisticsColumn; vals: string[] | null; freqs: number[] | null }>`
      SELECT attname AS column, most_common_vals::text::text[] AS vals, most_common_freqs::real[] AS freqs
      FROM pg_stats WHERE tablename = 'patent_search' AND attname = ANY (${sql.val([...STATISTICS_COLUMNS])}::text[])`.execute(
      db,
    );
    return new Map(
      rows.map((row) => [
        row.column,
        new Map((row.vals ?? []).map((value, index) => [value, row.freqs?.[index] ?? 0])),
      ]),
    );
  }

  return {
    async current(): Promise<TermStats> {
      const now = clock.now().getTime();
      if (!cached || now - cached.at > STATISTICS_REFRESH_MS) cached = { at: now, stats: await load() };
      return cached.stats;
    },
  };
}
