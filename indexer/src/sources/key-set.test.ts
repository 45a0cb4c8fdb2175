import { describe, expect, it } from 'vitest';
import { KeySet } from './key-set.js';

describe('KeySet', () => {
  it('takes each key once, also after growing far past its first size', () => {
    const keys = new KeySet();
    const count = 200_000;
    let added = 0;
    for (let index = 0; index < count; index += 1) if (keys.add(`US_${index}_B2_20200101`)) added += 1;
    let addedAgain = 0;
    for (let index = 0; index < count; index += 1) if (keys.add(`US_${index}_B2_20200101`)) addedAgain += 1;
    expect({ added, addedAgain }).toEqual({ added: count, addedAgain: 0 });
    expect(keys.add('')).toBe(true);
    expect(keys.add('')).toBe(false);
  });
});
