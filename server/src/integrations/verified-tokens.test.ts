import { describe, expect, it } from 'vitest';
import { InvalidTokenError } from '../shared/identity.js';
import { rememberVerifiedTokens, type Verification } from './verified-tokens.js';

const viewer = (uid: string) => ({
  uid,
  email: `${uid}@example.com`,
  emailVerified: true,
  name: null,
  signInProvider: 'password',
});

describe('rememberVerifiedTokens', () => {
  function setUp(expiresAt: (token: string) => number) {
    let now = 1_000_000;
    const checked: string[] = [];
    const verify = rememberVerifiedTokens(
      async (token): Promise<Verification> => {
        checked.push(token);
        if (token === 'forged') throw new InvalidTokenError();
        return { viewer: viewer(token), expiresAt: expiresAt(token) };
      },
      { maxTokens: 2, now: () => now },
    );
    return { verify, checked, advance: (ms: number) => (now += ms) };
  }

  it('verifies a token once while it is valid and answers its own viewer', async () => {
    const { verify, checked } = setUp(() => 2_000_000);
    expect((await verify('alice')).uid).toBe('alice');
    expect((await verify('bob')).uid).toBe('bob');
    expect((await verify('alice')).uid).toBe('alice');
    expect(checked).toEqual(['alice', 'bob']);
  });

  it('checks an expired token again, so the provider can refuse it', async () => {
    const { verify, checked, advance } = setUp(() => 1_060_000);
    await verify('alice');
    advance(60_000);
    await verify('alice');
    expect(checked).toEqual(['alice', 'alice']);
  });

  it('never remembers a refused token or one already expired', async () => {
    const { verify, checked } = setUp(() => 999_000);
    await expect(verify('forged')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify('forged')).rejects.toBeInstanceOf(InvalidTokenError);
    await verify('stale');
    await verify('stale');
    expect(checked).toEqual(['forged', 'forged', 'stale', 'stale']);
  });

  it('keeps at most the configured number of tokens, forgetting the least recently used', async () => {
    const { verify, checked } = setUp(() => 2_000_000);
    await verify('a');
    await verify('b');
    await verify('a');
    await verify('c');
    await verify('b');
    expect(checked).toEqual(['a', 'b', 'c', 'b']);
  });
});
