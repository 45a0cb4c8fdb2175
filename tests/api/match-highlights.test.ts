import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { graphql } from './http.js';

let app: TestApp;
let user: EmulatorUser;
const solar = patentRow({
  title: 'SOLAR PANEL CLEANING ROBOT',
  abstract: 'A robot that cleans solar panels on a roof with a rotating brush and water.',
  claims: '1. A cleaning robot comprising a brush.',
});
const battery = patentRow({
  title: 'LITHIUM BATTERY ELECTRODE',
  abstract: 'An electrode for a rechargeable lithium battery.',
});

const HIGHLIGHTS = `query H($kind: HighlightKind!, $query: String!, $ids: [ID!]!) {
  matchHighlights(kind: $kind, query: $query, lensIds: $ids) { lensId passages { field text } }
}`;

const highlights = (variables: Record<string, unknown>, token: string | undefined = user.idToken) =>
  graphql(app.baseUrl, HIGHLIGHTS, variables, token);

const searchCount = async () =>
  (await graphql(app.baseUrl, '{ searchCount }', {}, user.idToken)).data?.searchCount as number;

/** A passage with its markers as [brackets], for readable expectations. */
const bracketed = (text: string) => text.replaceAll('\u0001', '[').replaceAll('\u0002', ']');

beforeAll(async () => {
  app = await startTestApp({ env: { FREE_SEARCHES_PER_MONTH: '3' } });
  await insertPatents(app.database.db, [solar, battery]);
  user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Hana' })
    .execute();
});
afterAll(() => app.close());

describe('matchHighlights', () => {
  it("marks an AI search's words in the title, abstract and claims, and leaves out patents without them", async () => {
    const answer = await highlights({
      kind: 'AI',
      query: 'a robot for cleaning solar panels',
      ids: [solar.lens_id, battery.lens_id],
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.matchHighlights).toHaveLength(1);
    const [found] = answer.data.matchHighlights;
    expect(found.lensId).toBe(solar.lens_id);
    const byField = Object.fromEntries(
      found.passages.map((passage: { field: string; text: string }) => [
        passage.field,
        bracketed(passage.text),
      ]),
    );
    expect(byField.title).toBe('[SOLAR] [PANEL] [CLEANING] [ROBOT]');
    expect(byField.abstract).toContain('[robot] that [cleans] [solar] [panels]');
    expect(byField.claims).toContain('[cleaning] [robot]');
    // Never HTML: the markers are control characters.
    expect(JSON.stringify(found)).not.toContain('<b>');
  });

  it("marks an advanced query's text words, not its negated ones or other fields", async () => {
    const answer = await highlights({
      kind: 'ADVANCED',
      query: 'abstract:(brush AND "solar panels") NOT title:battery AND jurisdiction:US',
      ids: [solar.lens_id],
    });
    expect(answer.errors).toBeUndefined();
    const abstract = answer.data.matchHighlights[0].passages.find(
      (passage: { field: string }) => passage.field === 'abstract',
    );
    expect(bracketed(abstract.text)).toContain('[solar] [panels]');
    expect(bracketed(abstract.text)).toContain('[brush]');
    expect(bracketed(abstract.text)).not.toContain('[US]');
  });

  it('answers nothing for an unreadable advanced query or no words', async () => {
    for (const query of ['title:(solar', 'the and of']) {
      const answer = await highlights({ kind: 'ADVANCED', query, ids: [solar.lens_id] });
      expect(answer.errors).toBeUndefined();
      expect(answer.data.matchHighlights).toEqual([]);
    }
  });

  it('is not a search: the monthly count stays, even past the free allowance', async () => {
    // The free searches (3 here) used up: searching is refused, highlighting is not.
    await app.database.db
      .insertInto('search_events')
      .values(
        Array.from({ length: 4 }, (_, n) => ({
          user_uid: user.uid,
          kind: 'ai' as const,
          query: `earlier search ${n}`,
          result_count: 1,
          created_at: new Date(),
        })),
      )
      .execute();
    const before = await searchCount();
    expect(before).toBe(4);
    for (let n = 0; n < 5; n += 1) {
      const answer = await highlights({ kind: 'AI', query: 'solar panel robots', ids: [solar.lens_id] });
      expect(answer.data.matchHighlights).toHaveLength(1);
    }
    expect(await searchCount()).toBe(before);
  });

  it('refuses the signed-out and more than 25 ids with a clear error', async () => {
    const signedOut = await highlights({ kind: 'AI', query: 'solar panel robots', ids: [solar.lens_id] }, '');
    expect(signedOut.errors?.[0]?.extensions?.code).toBe('NOT_AUTHENTICATED');

    const ids = Array.from({ length: 26 }, (_, n) => `000-000-000-${String(n).padStart(3, '0')}-00X`);
    const tooMany = await highlights({ kind: 'AI', query: 'solar panel robots', ids });
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(tooMany.errors?.[0]?.message).toContain('At most 25 patents can be highlighted at once.');
  });

  it('allows one matchHighlights per operation', async () => {
    const twice = await graphql(
      app.baseUrl,
      `
        query T($ids: [ID!]!) {
          a: matchHighlights(kind: AI, query: "solar panel robots", lensIds: $ids) {
            lensId
          }
          b: matchHighlights(kind: AI, query: "solar panel robots", lensIds: $ids) {
            lensId
          }
        }
      `,
      { ids: [solar.lens_id] },
      user.idToken,
    );
    expect(twice.status).toBe(400);
    expect(twice.errors?.[0]?.message).toBe(
      'One matchHighlights per request, please: this operation asks for 2.',
    );
  });
});
