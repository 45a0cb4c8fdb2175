import type { Db } from '../../db/client.js';

export function createMailingListRepo(db: Db) {
  return {
    /** Adds the address to the list; joining again keeps the first row. */
    async join(entry: { email: string; list: string; firstName: string }): Promise<void> {
      await db
        .insertInto('mailing_list')
        .values({ email: entry.email, list: entry.list, first_name: entry.firstName })
        .onConflict((conflict) => conflict.columns(['email', 'list']).doNothing())
        .execute();
    },
  };
}

export type MailingListRepo = ReturnType<typeof createMailingListRepo>;
