import { addDays, yearOf } from './dates.js';
import type { FamilyApplicants } from './applicants.js';
import type { KeySet } from './key-set.js';
import type { SeededRandom } from './random.js';
import { kindRulesFor, publicationNumber, type KindRule } from './vocabulary/offices.js';
import { FOREIGN_OFFICES } from './vocabulary/parties.js';

/**
 * Where and how a simple family is published: its offices, and per office the kind, number,
 * dates and lens id of each publication. Everything else about a family is shared.
 */

export interface PublicationContext {
  random: SeededRandom;
  latestDate: string;
  /** Lens ids and doc keys already given out, which must stay unique. */
  usedKeys: KeySet;
}

/** Applications are published 18 months after their priority; nothing can be newer than that. */
export const APPLICATION_PUBLICATION_DAYS = 548;
/**
 * Offices filed in by a family that goes abroad. With the origins' foreign filing rates, scaled
 * by `FOREIGN_FILING_SCALE`, and the applications published beside grants, this gives about
 * three singletons in four, one pair in six and a thin tail of large families, as the simple
 * families of real Lens records do (76 %, 17 %, 3 %, then 5 % of four or more).
 */
const FOREIGN_FAMILY_OFFICES: readonly (readonly [number, number])[] = [
  [2, 62],
  [3, 16],
  [4, 8],
  [5, 5],
  [6, 3],
  [7, 2],
  [8, 1.5],
  [10, 1.5],
  [11, 1],
];
const FOREIGN_FILING_SCALE = 0.6;
/** Share of granted publications whose office also published the application, as a US A1 and B2. */
const APPLICATION_ALSO_PUBLISHED = 0.2;

export interface Publication {
  office: string;
  rule: KindRule;
  published: string;
  filed: string;
  docNumber: string;
  lensId: string;
  /** An application whose office has since granted it. */
  grantedLater?: boolean;
}

/**
 * The publications of a family's offices, at most `maxSize`: each office publishes an
 * application or a grant, and sometimes both.
 */
export function planPublications(
  context: PublicationContext,
  offices: readonly string[],
  priority: string,
  maxSize: number,
): Publication[] {
  const { random } = context;
  const publications: Publication[] = [];
  for (const [index, office] of offices.entries()) {
    if (publications.length >= maxSize) break;
    // Filings abroad claim the first filing's priority within the twelve months it allows.
    const filed = index === 0 ? priority : addDays(priority, random.int(330, 365));
    const publication = planPublication(context, office, priority, filed);
    if (publication) publications.push(publication);
    if (publication?.rule.type === 'GRANTED_PATENT' && publications.length < maxSize) {
      const application = planApplication(context, publication, priority);
      if (application) publications.push(application);
    }
  }
  return publications;
}

export function chooseOffices({ origin }: FamilyApplicants, maxSize: number, random: SeededRandom): string[] {
  const offices = [random.weighted(origin.homeOffices)];
  const size = random.chance(origin.foreignFilingRate * FOREIGN_FILING_SCALE)
    ? random.weighted(FOREIGN_FAMILY_OFFICES)
    : 1;
  while (offices.length < Math.min(size, maxSize)) {
    const office = random.weighted(FOREIGN_OFFICES.filter(([candidate]) => !offices.includes(candidate)));
    offices.push(office);
  }
  return offices;
}

/** Applications publish at 18 months; grants two to seven years after the priority. */
function planPublication(
  context: PublicationContext,
  office: string,
  priority: string,
  filed: string,
): Publication | undefined {
  const { random, latestDate } = context;
  const preferGrant = random.chance(0.5);
  for (const granted of preferGrant ? [true, false] : [false, true]) {
    const published = granted
      ? addDays(filed, random.int(730, 2_555))
      : addDays(priority, APPLICATION_PUBLICATION_DAYS + random.int(0, 30));
    const rules = kindRulesFor(office, granted, yearOf(published));
    if (published > latestDate || rules.length === 0) continue;
    const rule = random.weighted(rules.map((candidate) => [candidate, candidate.weight] as const));
    return numbered(context, { office, rule, published, filed });
  }
  return undefined;
}

/** Sometimes the office of a grant published the application too, 18 months from the priority. */
function planApplication(
  context: PublicationContext,
  grant: Publication,
  priority: string,
): Publication | undefined {
  const { random } = context;
  if (!random.chance(APPLICATION_ALSO_PUBLISHED)) return undefined;
  const published = addDays(priority, APPLICATION_PUBLICATION_DAYS + random.int(0, 30));
  const rules = kindRulesFor(grant.office, false, yearOf(published));
  if (published >= grant.published || rules.length === 0) return undefined;
  const rule = random.weighted(rules.map((candidate) => [candidate, candidate.weight] as const));
  return {
    ...numbered(context, { office: grant.office, rule, published, filed: grant.filed }),
    grantedLater: true,
  };
}

function numbered(
  context: PublicationContext,
  publication: Pick<Publication, 'office' | 'rule' | 'published' | 'filed'>,
): Publication {
  const { random } = context;
  const { office, rule, published } = publication;
  const application = rule.type === 'PATENT_APPLICATION';
  const docNumber = uniqueKey(
    context,
    () => publicationNumber(office, application, yearOf(published), random),
    (number) => `${office}_${number}_${rule.kind}_${published.replaceAll('-', '')}`,
  );
  const lensId = uniqueKey(
    context,
    () => lensIdFrom(random),
    (id) => id,
  );
  return { ...publication, docNumber, lensId };
}

/** Draws values until one whose key is unused; the key is then taken. */
function uniqueKey(
  context: PublicationContext,
  draw: () => string,
  keyOf: (value: string) => string,
): string {
  for (;;) {
    const value = draw();
    const key = keyOf(value);
    if (context.usedKeys.add(key)) return value;
  }
}

/** `NNN-NNN-NNN-NNN-NNC`, where C is a weighted-sum check character (0-9 or X) like Lens ids. */
function lensIdFrom(random: SeededRandom): string {
  const digits = Array.from({ length: 14 }, () => random.int(0, 9));
  const check = digits.reduce((sum, digit, index) => sum + digit * (index + 2), 0) % 11;
  const text = `${digits.join('')}${check === 10 ? 'X' : check}`;
  return text.match(/.{3}/g)?.join('-') ?? text;
}
