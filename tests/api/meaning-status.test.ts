import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMeaning } from '@patentscout/indexer/meaning/build-meaning';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';
import { until } from './worker-process.js';

/** /readyz and the pages tell whether the corpus has its meaning (ADR 0171). */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  await insertPatents(app.database.db, [
    patentRow({ title: 'PIZZA OVEN WITH A STONE DECK', abstract: 'An oven bakes pizza on a heated stone.' }),
    patentRow({ title: 'BASEBALL BAT OF LAMINATED WOOD', abstract: 'A bat glued from layers of maple.' }),
    patentRow({ title: 'SOLAR PANEL CLEANING ROBOT', abstract: 'A robot cleans solar panels on a roof.' }),
  ]);
}, 120_000);
afterAll(() => app.close());

const readyzMeaning = async () => (await call(app.baseUrl, 'GET', '/readyz')).body.meaning;
const STATUS = `query { meaningStatus { state method patents embedded } }`;

describe("the corpus's meaning as /readyz and the pages see it", () => {
  it('says it is missing before any build, ready with every patent once built, and building when patents arrive after it', async () => {
    expect(await readyzMeaning()).toEqual({
      ok: true,
      detail: '0 of 3 patents have their meaning, missing: AI search finds by words alone',
      state: 'missing',
      method: null,
      patents: 3,
      embedded: 0,
    });
    expect((await graphql(app.baseUrl, STATUS, {})).data.meaningStatus).toEqual({
      state: 'MISSING',
      method: null,
      patents: 3,
      embedded: 0,
    });

    await buildMeaning(app.database.db);
    // Counted at most every 15 s.
    const ready = await until(async () => {
      const meaning = await readyzMeaning();
      return meaning.state === 'ready' ? meaning : undefined;
    }, 'the meaning to be counted again');
    expect(ready).toEqual({
      ok: true,
      detail: 'every patent has its meaning (words)',
      state: 'ready',
      method: 'words',
      patents: 3,
      embedded: 3,
    });
    expect((await graphql(app.baseUrl, STATUS, {})).data.meaningStatus).toEqual({
      state: 'READY',
      method: 'words',
      patents: 3,
      embedded: 3,
    });

    // A patent that arrives after the build waits for the next run (every minute); the others
    // keep their meaning, so the corpus's meaning is building, not missing.
    await insertPatents(app.database.db, [
      patentRow({ title: 'DOUGH ROLLER WITH TWO DRUMS', abstract: 'Two drums press dough into a sheet.' }),
    ]);
    const extending = await until(async () => {
      const meaning = await readyzMeaning();
      return meaning.state === 'building' ? meaning : undefined;
    }, 'the new patent to be counted');
    expect(extending).toEqual({
      ok: true,
      detail: '3 of 4 patents have their meaning (words), building',
      state: 'building',
      method: 'words',
      patents: 4,
      embedded: 3,
    });
  }, 120_000);
});
