import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Viewer } from '../shared/viewer.js';
import { analystOperationLog, refuseApiKeysOutsideAnalytics } from './analyst-access.js';
import type { GraphQLContext } from '../shared/graphql-context.js';

const keyViewer: Viewer = {
  uid: 'u1',
  email: null,
  emailVerified: true,
  name: null,
  signInProvider: 'analyst-api-key',
  apiKeyId: '42',
};
const context = (viewer: Viewer | null) => ({ viewer, services: {} }) as unknown as GraphQLContext;

describe('analyst access', () => {
  it('refuses a key every root field outside the allow-list, and lets users through', async () => {
    const resolvers = refuseApiKeysOutsideAnalytics({
      Query: { favourites: () => ['mine'], analytics: () => 'figures' },
      Mutation: { addFavourite: () => 'added' },
    } as unknown as Resolvers) as unknown as Record<string, Record<string, (...args: unknown[]) => unknown>>;
    expect(() => resolvers.Query!.favourites!(null, {}, context(keyViewer), null)).toThrow(/analyst API key/);
    expect(() => resolvers.Mutation!.addFavourite!(null, {}, context(keyViewer), null)).toThrow(
      /analyst API key/,
    );
    expect(resolvers.Query!.analytics!(null, {}, context(keyViewer), null)).toBe('figures');
    expect(
      resolvers.Query!.favourites!(null, {}, context({ ...keyViewer, apiKeyId: undefined }), null),
    ).toEqual(['mine']);
  });

  it("logs each operation of a key with the key's id, and nothing for other callers", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const plugin = analystOperationLog(logger);
    const start = (viewer: Viewer | null) =>
      plugin.requestDidStart!({ contextValue: context(viewer) } as never) as Promise<
        { willSendResponse(request: unknown): Promise<void> } | undefined
      >;
    expect(await start(null)).toBeUndefined();
    const listener = await start(keyViewer);
    await listener!.willSendResponse({
      operationName: 'Weekly',
      operation: { operation: 'query' },
      errors: undefined,
    });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      analystKeyId: '42',
      operationName: 'Weekly',
      operationType: 'query',
      errors: 0,
      msg: 'analyst GraphQL operation',
      ms: expect.any(Number),
    });
  });
});
