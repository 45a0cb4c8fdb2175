import { sql } from 'kysely';
import { type Db, type PatentRow } from '@patentscout/db';

/** The patents' SQL: one patent, the details an export adds, the corpus's size. */
export interface PatentsRepo {
  findByLensId(lensId: string): Promise<PatentRow | undefined>;
  /** The parties, IPC symbols and family size of the patents with these ids. */
  exportDetails(lensIds: readonly string[]): Promise<
    {
      lens_id: string;
      ipc_symbols: string;
      inventors: string;
      applicants: string;
      owners: string;
      family_size: number;
    }[]
  >;
  count(): Promise<number>;
}

export function createPatentsRepo(db: Db): PatentsRepo {
  return {
    findByLensId(lensId: string): Promise<PatentRow | undefined> {
      return db.selectFrom('patents').selectAll().where('lens_id', '=', lensId).executeTakeFirst();
    },

    /** The parties, IPC symbols and family size of the patents with these ids. */
    exportDetails(lensIds: readonly string[]) {
      return db
        .selectFrom('patents')
        .select([
          'lens_id',
          'inventors',
          'applicants',
          'owners',
          'ipc_symbols',
          sql<number>`greatest(1, jsonb_array_length(family_members))`.as('family_size'),
        ])
        .where('lens_id', 'in', [...lensIds])
        .execute();
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
