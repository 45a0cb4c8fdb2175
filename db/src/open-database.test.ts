import { describe, expect, it } from 'vitest';
import { DatabaseUnreachable, explainConnectionFailure, openCheckedDatabase } from './open-database.js';

const URL_ = 'postgres://analyst:secret@db.internal:6543/patents';

describe('explainConnectionFailure', () => {
  it.each([
    [
      { code: 'ECONNREFUSED' },
      'Cannot reach the database at db.internal:6543: nothing accepts connections there. Start it.',
    ],
    [
      { errors: [{}, { code: 'ECONNREFUSED' }] },
      'Cannot reach the database at db.internal:6543: nothing accepts connections there. Start it.',
    ],
    [{ code: 'ENOTFOUND' }, 'Cannot reach the database: the host db.internal is unknown.'],
    [{ code: 'ETIMEDOUT' }, 'Cannot reach the database at db.internal:6543: the connection timed out.'],
    [
      { code: '28P01' },
      'The database at db.internal:6543 refused the user "analyst" (wrong user or password).',
    ],
    [{ code: '3D000' }, 'The database "patents" does not exist at db.internal:6543.'],
    [
      { code: 'XX000', message: 'internal error' },
      'Cannot use the database at db.internal:6543: internal error',
    ],
  ])('says %o as a sentence', (error, sentence) => {
    expect(explainConnectionFailure(error, URL_, 'Start it.')).toBe(sentence);
  });
});

describe('openCheckedDatabase', () => {
  it('answers a refused connection with DatabaseUnreachable and the hint, not a driver error', async () => {
    const opening = openCheckedDatabase('postgres://user@127.0.0.1:1/none', {
      maxConnections: 1,
      hint: 'Start it.',
    });
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnreachable);
    await expect(opening).rejects.toThrow(
      'Cannot reach the database at 127.0.0.1:1: nothing accepts connections there. Start it.',
    );
  });
});
