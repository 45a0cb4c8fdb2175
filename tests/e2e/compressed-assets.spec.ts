import { expect, test } from './fixtures.js';

/** Issue 59: the client's JavaScript (about 2 MB) travels compressed. */
test("the client's main JavaScript bundle is served compressed", async ({ request }) => {
  const page = await (await request.get('/')).text();
  const bundle = /<script type="module"[^>]* src="([^"]+\.js)"/.exec(page)?.[1];
  expect(bundle).toMatch(/^\/assets\/index-.*\.js$/);
  for (const encoding of ['br', 'gzip']) {
    const answer = await request.get(bundle!, { headers: { 'accept-encoding': encoding } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-encoding']).toBe(encoding);
    expect(answer.headers()['content-type']).toMatch(/javascript/);
  }
  const plain = await request.get(bundle!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
});
