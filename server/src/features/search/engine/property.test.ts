import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatents, patentRow } from '../../../testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { compileLensQuery } from './compile.js';
import { expandWildcards } from './wildcards.js';
import { parseLensQuery } from '../query/parser.js';
import { UNKNOWN_VALUE_SHARES } from './plan.js';
import { NO_FILTERS } from './filters.js';
import { engineParts, type EngineParts } from '../../../testing/search-engine-kit.js';

/**
 * The compiler against a plain evaluator of the same semantics: random queries over random small
 * corpora must select exactly the same patents in Postgres as in memory. Words are chosen to be
 * their own English stems and no stop words, so that the evaluator needs no stemmer.
 */
const VOCABULARY = ['alpha', 'bravo', 'delta', 'gamma', 'kappa', 'sigma', 'omega', 'tango'];
const JURISDICTIONS = ['US', 'EP', 'AU'];
const TEXT_FIELDS = { default: 'abc', title: 'a', abstract: 'b', claims: 'c' } as const;
type TextField = keyof typeof TEXT_FIELDS;

interface Doc {
  title: string[];
  abstract: string[];
  claims: string[];
  jurisdiction: string;
  year: number;
}

type Query =
  | { kind: 'term'; field: TextField; word: string; prefix: boolean }
  | { kind: 'phrase'; field: TextField; words: [string, string]; slop: number | null }
  | { kind: 'jurisdiction'; value: string }
  | { kind: 'years'; from: number; to: number }
  | { kind: 'and' | 'or'; left: Query; right: Query }
  | { kind: 'not'; child: Query };

const word = fc.constantFrom(...VOCABULARY);
const textField = fc.constantFrom<TextField>('default', 'title', 'abstract', 'claims');
const doc = fc.record({
  title: fc.array(word, { minLength: 1, maxLength: 4 }),
  abstract: fc.array(word, { maxLength: 6 }),
  claims: fc.array(word, { maxLength: 6 }),
  jurisdiction: fc.constantFrom(...JURISDICTIONS),
  year: fc.integer({ min: 2000, max: 2026 }),
});
const query: fc.Arbitrary<Query> = fc.letrec<{ query: Query }>((tie) => ({
  query: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ kind: fc.constant('term' as const), field: textField, word, prefix: fc.boolean() }),
    fc.record({
      kind: fc.constant('phrase' as const),
      field: textField,
      words: fc.tuple(word, word),
      slop: fc.option(fc.integer({ min: 1, max: 3 })),
    }),
    fc.record({ kind: fc.constant('jurisdiction' as const), value: fc.constantFrom(...JURISDICTIONS) }),
    fc
      .tuple(fc.integer({ min: 2000, max: 2026 }), fc.integer({ min: 2000, max: 2026 }))
      .map(([a, b]) => ({ kind: 'years' as const, from: Math.min(a, b), to: Math.max(a, b) })),
    fc.record({
      kind: fc.constantFrom('and' as const, 'or' as const),
      left: tie('query'),
      right: tie('query'),
    }),
    fc.record({ kind: fc.constant('not' as const), child: tie('query') }),
  ),
})).query;

function print(node: Query): string {
  const scoped = (field: TextField, text: string) => (field === 'default' ? text : `${field}:${text}`);
  switch (node.kind) {
    case 'term':
      return scoped(node.field, node.prefix ? `${node.word.slice(0, 3)}*` : node.word);
    case 'phrase':
      return scoped(node.field, `"${node.words.join(' ')}"${node.slop ? `~${node.slop}` : ''}`);
    case 'jurisdiction':
      return `jurisdiction:${node.value}`;
    case 'years':
      return `year_published:[${node.from} TO ${node.to}]`;
    case 'not':
      return `NOT ${print(node.child)}`;
    default:
      return `(${print(node.left)} ${node.kind.toUpperCase()} ${print(node.right)})`;
  }
}

/** Word positions as Postgres numbers them: title, then abstract, then claims, one after another. */
function positions(document: Doc, weights: string): { word: string; position: number }[] {
  const sections: [string[], string][] = [
    [document.title, 'a'],
    [document.abstract, 'b'],
    [document.claims, 'c'],
  ];
  const all: { word: string; position: number; weight: string }[] = [];
  for (const [words, weight] of sections)
    words.forEach((text) => all.push({ word: text, position: all.length + 1, weight }));
  return all.filter((entry) => weights.includes(entry.weight));
}

function evaluate(node: Query, document: Doc): boolean {
  switch (node.kind) {
    case 'term': {
      const words = positions(document, TEXT_FIELDS[node.field]);
      return words.some((entry) =>
        node.prefix ? entry.word.startsWith(node.word.slice(0, 3)) : entry.word === node.word,
      );
    }
    case 'phrase': {
      const words = positions(document, TEXT_FIELDS[node.field]);
      const [first, second] = node.words;
      return words.some((a) =>
        words.some((b) => {
          if (a.word !== first || b.word !== second) return false;
          const distance = b.position - a.position;
          return node.slop === null ? distance === 1 : distance !== 0 && Math.abs(distance) <= node.slop;
        }),
      );
    }
    case 'jurisdiction':
      return document.jurisdiction === node.value;
    case 'years':
      return document.year >= node.from && document.year <= node.to;
    case 'not':
      return !evaluate(node.child, document);
    case 'and':
      return evaluate(node.left, document) && evaluate(node.right, document);
    case 'or':
      return evaluate(node.left, document) || evaluate(node.right, document);
  }
}

/**
 * A corpus size that, with `scanningRepo`'s tuning, sends every query through a probe of the
 * first row and a capped read in static-rank order (the cap covers the small test corpus).
 */
const SCANNED_CORPUS = 1_000_000;
/** Statistics that call every country and year common, so that no filter uses its index. */
const EVERY_VALUE_BROAD = { share: () => 1, yearShare: () => 1 };

let database: TestDatabase;
let repo: EngineParts;
let scanningRepo: EngineParts;
/** Probes every query and finds it too sparse for a read in order: the index path after a probe. */
let sparseRepo: EngineParts;
/** Probes every query, finds it sparse, and still reads in order, judging the index path dearer. */
let indexWeighedRepo: EngineParts;
/** Tuning that probes every query with a single row. */
const READ_IN_ORDER = {
  probeShare: 0,
  probeRows: 1,
  margin: 1,
  baseRows: 0,
  rowsPerIndexEntry: 0,
  maxRows: Number.MAX_SAFE_INTEGER,
};
beforeAll(async () => {
  database = await createTestDatabase();
  repo = engineParts({ url: database.url });
  scanningRepo = engineParts({ url: database.url }, { ...READ_IN_ORDER, baseRows: Number.MAX_SAFE_INTEGER });
  indexWeighedRepo = engineParts(
    { url: database.url },
    {
      ...READ_IN_ORDER,
      baseRows: 0,
      rowsPerIndexEntry: Number.MAX_SAFE_INTEGER,
    },
  );
  sparseRepo = engineParts({ url: database.url }, { ...READ_IN_ORDER, baseRows: 0, maxRows: 0 });
  const { rows } = await sql<{ word: string; stem: string }>`
    SELECT word, (SELECT string_agg(lexeme, ',') FROM unnest(to_tsvector('english', word))) AS stem
    FROM unnest(${VOCABULARY}::text[]) AS word`.execute(database.db);
  expect(rows.filter((row) => row.stem !== row.word)).toEqual([]);
});
afterAll(async () => {
  for (const parts of [repo, scanningRepo, indexWeighedRepo, sparseRepo]) await parts?.close();
  await database.drop();
});

describe('advanced search compiler', () => {
  it('selects the same patents as the in-memory evaluator', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(doc, { minLength: 1, maxLength: 10 }), query, async (documents, tree) => {
        await database.db.deleteFrom('patents').execute();
        const rows = documents.map((document) =>
          patentRow({
            title: document.title.join(' '),
            abstract: document.abstract.join(' '),
            claims: document.claims.join(' '),
            jurisdiction: document.jurisdiction,
            date_published: `${document.year}-06-01`,
            // Recent patents with an abstract and AI text reach the top of the static rank
            // (TOP_RANK_MIN); the AI title's word is one no query uses.
            ai_title: document.year >= 2021 ? 'Zzyzx' : null,
          }),
        );
        await insertPatents(database.db, rows);
        const text = print(tree);
        const expected = rows
          .filter((_, index) => evaluate(tree, documents[index]!))
          .map((row) => row.lens_id)
          .sort();
        const root = parseLensQuery(text);
        const words = await expandWildcards(database.db, root);
        const compiled = compileLensQuery(root, UNKNOWN_VALUE_SHARES, words);
        const found = await repo.advanced(compiled, NO_FILTERS, 500, {
          ...UNKNOWN_VALUE_SHARES,
          documents: rows.length,
          topRankDocuments: 0,
        });
        expect({ query: text, ids: found.hits.map((row) => row.lens_id).sort() }).toEqual({
          query: text,
          ids: expected,
        });
        expect(found.total).toBe(expected.length);
        const scanned = await scanningRepo.advanced(
          compileLensQuery(root, EVERY_VALUE_BROAD, words),
          NO_FILTERS,
          500,
          {
            ...EVERY_VALUE_BROAD,
            documents: SCANNED_CORPUS,
            topRankDocuments: 0,
          },
        );
        expect({ query: text, ids: scanned.hits.map((row) => row.lens_id).sort() }).toEqual({
          query: text,
          ids: expected,
        });
        // Through the indexes: the top of the rank first (every probed share fills it), and the whole table at once.
        for (const [probing, topRankDocuments] of [
          [sparseRepo, SCANNED_CORPUS],
          [indexWeighedRepo, 0],
        ] as const) {
          const probed = await probing.advanced(compiled, NO_FILTERS, 500, {
            ...EVERY_VALUE_BROAD,
            documents: SCANNED_CORPUS,
            topRankDocuments,
          });
          expect({ query: text, ids: probed.hits.map((row) => row.lens_id).sort() }).toEqual({
            query: text,
            ids: expected,
          });
        }
      }),
      { numRuns: 150 },
    );
    // 150 corpora of four engines each: seconds on a quiet machine, more when the cores are shared.
  }, 120_000);
});
