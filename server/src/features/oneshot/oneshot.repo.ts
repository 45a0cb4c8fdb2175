import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { type Db, type Database, type OneShotRequestsTable } from '@patentscout/db';

/** What a report says of a simple family: its lead patent's page facts and its other offices. */
export interface FamilyDetails {
  lens_id: string;
  family_id: string | null;
  title: string;
  ai_title: string | null;
  ai_summary: string | null;
  ai_uses: string[] | null;
  patent_status: string;
  jurisdiction: string;
  doc_number: string;
  kind: string;
  date_published: string;
  earliest_priority_date: string | null;
  owners: string[];
  applicants: string[];
}

/** A one-shot request as stored. */
export type OneShotRequestRow = Selectable<OneShotRequestsTable>;

/** A one-shot request as the user's list shows it. */
export interface OneShotSummaryRow {
  created_at: Date;
  id: string;
  query: string;
  status: 'queued' | 'failed' | 'running' | 'done';
  families: number | null;
}

/** The one-shot deep searches' SQL: requests, their runs, and the details their reports read. */
export interface OneShotRepo {
  create(uid: string, query: string, creditEventId: string): Promise<string>;
  find(id: string): Promise<OneShotRequestRow | undefined>;
  listFor(uid: string, limit: number): Promise<OneShotSummaryRow[]>;
  /** Claims an unfinished request for a run; false when it is done or another run has it fresh. */
  claim(id: string): Promise<boolean>;
  finish(
    executor: Kysely<Database>,
    id: string,
    result: {
      families: number;
      report: Buffer;
    },
  ): Promise<void>;
  /** Marks an unfinished request failed; answers its credit, or nothing when it was not unfinished. */
  fail(
    id: string,
    error: string,
  ): Promise<
    | {
        credit_event_id: string | null;
      }
    | undefined
  >;
  /** Unfinished requests no run has touched since `before` (a worker died, or a send was lost). */
  stale(before: Date): Promise<string[]>;
  /** The lead patents' details, in the order given. */
  details(lensIds: string[]): Promise<FamilyDetails[]>;
  /** The family of each patent (null for a patent without one). */
  familiesOf(lensIds: string[]): Promise<Map<string, string | null>>;
  /** The offices each family was published by. */
  familyOffices(familyIds: string[]): Promise<Map<string, string[]>>;
}

export function createOneShotRepo(db: Db): OneShotRepo {
  return {
    async create(uid: string, query: string, creditEventId: string): Promise<string> {
      const row = await db
        .insertInto('oneshot_requests')
        .values({ user_uid: uid, query, credit_event_id: creditEventId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    find(id: string) {
      return db.selectFrom('oneshot_requests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listFor(uid: string, limit: number) {
      return db
        .selectFrom('oneshot_requests')
        .select(['id', 'query', 'status', 'families', 'created_at'])
        .where('user_uid', '=', uid)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Claims an unfinished request for a run; false when it is done or another run has it fresh. */
    async claim(id: string): Promise<boolean> {
      const claimed = await db
        .updateTable('oneshot_requests')
        .set({ status: 'running', attempts: sql`attempts + 1`, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      return claimed.numUpdatedRows > 0n;
    },

    async finish(executor: Kysely<Database>, id: string, result: { families: number; report: Buffer }) {
      await executor
        .updateTable('oneshot_requests')
        .set({
          status: 'done',
          families: result.families,
          report: result.report,
          error: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Marks an unfinished request failed; answers its credit, or nothing when it was not unfinished. */
    fail(id: string, error: string) {
      return db
        .updateTable('oneshot_requests')
        .set({ status: 'failed', error, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .returning('credit_event_id')
        .executeTakeFirst();
    },

    /** Unfinished requests no run has touched since `before` (a worker died, or a send was lost). */
    async stale(before: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('oneshot_requests')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .where(sql<SqlBool>`updated_at < ${before}`)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The lead patents' details, in the order given. */
    async details(lensIds: string[]): Promise<FamilyDetails[]> {
      if (lensIds.length === 0) return [];
      const { rows } = await sql<FamilyDetails>`
        SELECT p.lens_id, p.family_id, p.title, p.ai_title, p.ai_summary, list_items(p.ai_uses) AS ai_uses, p.patent_status,
               p.jurisdiction, p.doc_number, p.kind, p.date_published, p.earliest_priority_date,
               list_items(p.owners) AS owners, list_items(p.applicants) AS applicants
        FROM unnest(${lensIds}::text[]) WITH ORDINALITY AS given(lens_id, position)
        JOIN patents p ON p.lens_id = given.lens_id
        ORDER BY given.position`.execute(db);
      return rows;
    },

    /** The family of each patent (null for a patent without one). */
    async familiesOf(lensIds: string[]): Promise<Map<string, string | null>> {
      if (lensIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('patents')
        .select(['lens_id', 'family_id'])
        .where('lens_id', 'in', lensIds)
        .execute();
      return new Map(rows.map((row) => [row.lens_id, row.family_id]));
    },

    /** The offices each family was published by. */
    async familyOffices(familyIds: string[]): Promise<Map<string, string[]>> {
      if (familyIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('patents')
        .select([
          'family_id',
          sql<string[]>`array_agg(DISTINCT jurisdiction ORDER BY jurisdiction)`.as('offices'),
        ])
        .where('family_id', 'in', familyIds)
        .groupBy('family_id')
        .execute();
      return new Map(rows.map((row) => [row.family_id!, row.offices]));
    },
  };
}
