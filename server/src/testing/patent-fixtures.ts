import { type Db, listText, type FamilyMemberJson, type NewPatent } from '@patentscout/db';

let sequence = 0;

type ListColumn = 'ipc_symbols' | 'cpc_symbols' | 'inventors' | 'applicants' | 'owners';

/**
 * A `patents` row as tests write it: its five lists as arrays, which `insertPatents` stores as the
 * schema does (one delimited text each since migration 20261126T0930, ADR 0130).
 */
export type PatentFixture = Omit<NewPatent, ListColumn> & Record<ListColumn, string[]>;

/** A complete `patents` row with sensible defaults; tests override what they care about. */
export function patentRow(overrides: Partial<PatentFixture> = {}): PatentFixture {
  sequence += 1;
  const number = String(9_000_000 + sequence);
  const jurisdiction = overrides.jurisdiction ?? 'US';
  const kind = overrides.kind ?? 'B2';
  const date = overrides.date_published ?? '2019-03-07';
  return {
    lens_id: `000-000-000-${String(sequence).padStart(3, '0')}-00X`,
    doc_key: `${jurisdiction}_${number}_${kind}_${date.replace(/-/g, '')}`,
    jurisdiction,
    doc_number: number,
    kind,
    date_published: date,
    publication_type: 'GRANTED_PATENT',
    title: 'WIDGET',
    abstract: '',
    claims: '',
    ipc_symbols: ['A01B1/00'],
    first_ipc: 'A01B1/00',
    cpc_symbols: [],
    inventors: ['DOE JANE'],
    applicants: ['ACME CORP'],
    owners: [],
    earliest_priority_date: '2017-01-05',
    patent_status: 'ACTIVE',
    anticipated_term_date: '2037-01-05',
    family_id: null,
    family_members: '[]',
    title_lang: 'en',
    ai_title: 'A widget',
    ai_summary: 'A widget that does things.',
    ai_types: listText(['Invention']),
    ai_uses: listText(['Doing things', 'Making widgets, cheaply']),
    ...overrides,
  };
}

/**
 * The default AI types and uses as array literals, the way the schema stored them before migration
 * 20261126T0500 (ADR 0125): for migration tests that write patents at an earlier version.
 */
export const AI_LISTS_BEFORE_0500 = { ai_types: '{Invention}', ai_uses: '{"Doing things"}' } as const;

/**
 * Rows of one simple family: each gets the family id and, as a Lens record lists them, every
 * member (itself included) in its `family_members`.
 */
export function familyRows(familyId: string, rows: PatentFixture[]): PatentFixture[] {
  const members = JSON.stringify(
    rows.map((row): FamilyMemberJson => [
      row.lens_id,
      row.jurisdiction,
      row.doc_number,
      row.kind,
      String(row.date_published),
    ]),
  );
  return rows.map((row) => Object.assign(row, { family_id: familyId, family_members: members }));
}

/** The row as stored: its five lists as delimited text. */
export function storedPatent(row: PatentFixture): NewPatent {
  const { ipc_symbols, cpc_symbols, inventors, applicants, owners, ...rest } = row;
  return {
    ...rest,
    ipc_symbols: listText(ipc_symbols),
    cpc_symbols: listText(cpc_symbols),
    inventors: listText(inventors),
    applicants: listText(applicants),
    owners: listText(owners),
  };
}

/** `insertPatents`' option for migration tests that write patents at a version before 20261126T0930. */
export const BEFORE_0930 = { lists: 'arrays' } as const;

/** Writes the rows, their five lists as the schema stores them (as arrays with `BEFORE_0930`). */
export async function insertPatents(
  db: Db,
  rows: PatentFixture[],
  options: { lists?: 'text' | 'arrays' } = {},
): Promise<void> {
  const stored = options.lists === 'arrays' ? (rows as unknown as NewPatent[]) : rows.map(storedPatent);
  await db.insertInto('patents').values(stored).execute();
}

/** How many patents the database holds. */
export async function countPatents(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('patents')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
