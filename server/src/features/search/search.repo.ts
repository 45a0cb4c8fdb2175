import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.js';
import type { PatentRow } from '../../db/tables.js';
import type { SearchFilters } from './search.types.js';

export type SearchHitRow = Pick<
  PatentRow,
  | 'lens_id' | 'doc_key' | 'patent_status' | 'ipc_symbols' | 'jurisdiction' | 'doc_number' | 'kind'
  | 'date_published' | 'title' | 'ai_title' | 'ai_summary' | 'ai_types' | 'ai_uses'
>;

export interface SearchRows {
  total: number;
  groupCount: number;
  rows: SearchHitRow[];
}

/**
 * First cut of the full-text search: the query becomes a Postgres tsquery (built by the
 * database from the user's text, never spliced into SQL) and matches are ranked by ts_rank over
 * the weighted vector (titles A, abstract B, claims C).
 */
export function createSearchRepo(db: Db) {
  async function run(tsquery: Expression<unknown>, filters: SearchFilters, limit: number): Promise<SearchRows> {
    const matches = db
      .selectFrom('patents')
      .where(sql<SqlBool>`search_vector @@ ${tsquery}`)
      .where((eb) => {
        const conditions: Expression<SqlBool>[] = [];
        if (filters.ipcPrefixes.length > 0) {
          const patterns = filters.ipcPrefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`);
          conditions.push(sql<SqlBool>`first_ipc LIKE ANY (${sql.val(patterns)}::text[])`);
        }
        if (filters.statuses.length > 0) conditions.push(eb('patent_status', 'in', filters.statuses));
        if (filters.jurisdictions.length > 0) conditions.push(eb('jurisdiction', 'in', filters.jurisdictions));
        if (filters.years) {
          conditions.push(eb('year_published', '>=', filters.years[0]));
          conditions.push(eb('year_published', '<=', filters.years[1]));
        }
        return eb.and(conditions);
      });

    const [counts, rows] = await Promise.all([
      matches
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`count(DISTINCT coalesce(family_id, lens_id))::int`.as('groups'),
        ])
        .executeTakeFirstOrThrow(),
      matches
        .select([
          'lens_id', 'doc_key', 'patent_status', 'ipc_symbols', 'jurisdiction', 'doc_number', 'kind',
          'date_published', 'title', 'ai_title', 'ai_summary', 'ai_types', 'ai_uses',
        ])
        .orderBy(sql`ts_rank(search_vector, ${tsquery})`, 'desc')
        .orderBy('date_published', 'desc')
        .limit(limit)
        .execute(),
    ]);
    return { total: counts.total, groupCount: counts.groups, rows };
  }

  return {
    /** Any meaningful word may match; documents matching more (and rarer) words rank higher. */
    naturalLanguage(text: string, filters: SearchFilters, limit: number): Promise<SearchRows> {
      const anyWord = sql`coalesce(nullif(
        (SELECT string_agg(quote_literal(lexeme), ' | ') FROM unnest(to_tsvector('english', ${text}))),
        ''), '')::tsquery`;
      return run(anyWord, filters, limit);
    },

    /** Interim advanced search: web-search syntax (quotes, OR, -term) until the Lens compiler lands. */
    webSyntax(text: string, filters: SearchFilters, limit: number): Promise<SearchRows> {
      return run(sql`websearch_to_tsquery('english', ${text})`, filters, limit);
    },

    async countSince(uid: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('search_events')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('user_uid', '=', uid)
        .where(sql<SqlBool>`created_at >= ${since}`)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    async recordSearch(event: { uid: string; kind: 'ai' | 'boolean'; query: string; resultCount: number }) {
      await db
        .insertInto('search_events')
        .values({ user_uid: event.uid, kind: event.kind, query: event.query, result_count: event.resultCount })
        .execute();
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
