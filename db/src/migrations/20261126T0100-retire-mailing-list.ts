import type { Kysely } from 'kysely';
import { up as createMailingList } from './20261124T0200-mailing-list.js';

/**
 * The waiting list moved to the external form service the specification names (ADR 0116): the
 * app no longer receives the form, so its own table goes. Its `down` brings the table back empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mailing_list').ifExists().execute();
}

export const down = createMailingList;
