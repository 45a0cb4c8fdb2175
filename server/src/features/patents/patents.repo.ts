import type { Db } from '../../db/client.js';
import type { PatentRow } from '../../db/tables.js';

export function createPatentsRepo(db: Db) {
  return {
    findByLensId(lensId: string): Promise<PatentRow | undefined> {
      return db.selectFrom('patents').selectAll().where('lens_id', '=', lensId).executeTakeFirst();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('patents')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type PatentsRepo = ReturnType<typeof createPatentsRepo>;
