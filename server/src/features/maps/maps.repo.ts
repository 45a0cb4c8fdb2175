import { sql } from 'kysely';
import { listItems, selectOne, type Db } from '@patentscout/db';

/** A family as the map reads it: its meaning vector (null without one) and what a point shows. */
export interface MapFamilyRow {
  lensId: string;
  vector: Int8Array | null;
  /** The title shown: the AI title when there is one, as the result cards show it. */
  title: string;
  /** The patent's own title and abstract, which its region's words come from. */
  text: string;
  owners: string[];
  datePublished: string;
  jurisdiction: string;
  status: string;
}

/** The maps' SQL: patent families, and the layouts drawn before. */
export interface MapsRepo {
  /** The families by lens id, in no order; unknown ids are left out. */
  families(lensIds: readonly string[]): Promise<MapFamilyRow[]>;
  findLayout(key: string): Promise<unknown>;
  /** Keeps a layout; the same key drawn twice at once keeps the first (both are the same map). */
  storeLayout(key: string, layout: unknown): Promise<void>;
  /** Removes the maps drawn before `before`; answers how many. */
  purgeBefore(before: Date): Promise<number>;
}

/** SQL of result maps: the families' vectors and fields, and the maps kept (table `result_maps`). */
export function createMapsRepo(db: Db, reads: Db = db): MapsRepo {
  return {
    /** The families by lens id, in no order; unknown ids are left out. */
    async families(lensIds: readonly string[]): Promise<MapFamilyRow[]> {
      if (lensIds.length === 0) return [];
      const { rows } = await sql<{
        lens_id: string;
        vector: Buffer | null;
        title: string;
        ai_title: string | null;
        abstract: string;
        owners: string;
        date_published: string;
        jurisdiction: string;
        patent_status: string;
      }>`
        SELECT p.lens_id, v.vector, p.title, p.ai_title, p.abstract, p.owners,
               p.date_published::text AS date_published, p.jurisdiction, p.patent_status
        FROM patents p LEFT JOIN patent_vectors v ON v.lens_id = p.lens_id
        WHERE p.lens_id = ANY(${[...lensIds]}::text[])`.execute(reads);
      return rows.map((row) => ({
        lensId: row.lens_id,
        // The stored bytes are signed (ADR 0150): read them as such, without copying.
        vector: row.vector
          ? new Int8Array(row.vector.buffer, row.vector.byteOffset, row.vector.length)
          : null,
        title: row.ai_title || row.title,
        text: `${row.title}\n${row.abstract}`,
        owners: listItems(row.owners),
        datePublished: row.date_published,
        jurisdiction: row.jurisdiction,
        status: row.patent_status,
      }));
    },

    async findLayout(key: string): Promise<unknown> {
      return (await selectOne(reads, 'result_maps', ['layout'], { key }))?.layout;
    },

    /** Keeps a layout; the same key drawn twice at once keeps the first (both are the same map). */
    async storeLayout(key: string, layout: unknown): Promise<void> {
      await db
        .insertInto('result_maps')
        .values({ key, layout: JSON.stringify(layout) })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    },

    /** Removes the maps drawn before `before`; answers how many. */
    async purgeBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom('result_maps').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
