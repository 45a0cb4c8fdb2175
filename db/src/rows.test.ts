import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deleteMatching, selectOne } from './rows.js';
import type { Database } from './tables.js';

/** Never reached: a refused match throws before any query is built. */
const unreachable = {} as Kysely<Database>;

describe('the row helpers', () => {
  it('refuse a match that would take every row of the table', async () => {
    await expect(deleteMatching(unreachable, 'favourites', {})).rejects.toThrow(
      'A match on favourites must give a value for each column it names',
    );
    await expect(
      deleteMatching(unreachable, 'favourites', { id: 'f1', user_uid: undefined }),
    ).rejects.toThrow('A match on favourites');
    await expect(selectOne(unreachable, 'users', ['uid'], {})).rejects.toThrow('A match on users');
  });
});
