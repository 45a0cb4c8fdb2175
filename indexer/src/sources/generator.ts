import type { LensPatentRecord } from '@patentscout/schema';
import { chooseApplicants, chooseInventors, type FamilyApplicants } from './applicants.js';
import {
  APPLICATION_PUBLICATION_DAYS,
  chooseOffices,
  planPublications,
  type Publication,
  type PublicationContext,
} from './family-publications.js';
import { dayNumber, isoDateOfDay, yearOf } from './dates.js';
import { legalStatusFor } from './legal-status.js';
import {
  chooseInvention,
  composeAbstract,
  composeClaims,
  nameInvention,
  styleTitle,
  type Invention,
} from './patent-text.js';
import { SeededRandom } from './random.js';
import { KeySet } from './key-set.js';
import { TOPICS, type Topic } from './vocabulary/topics.js';
import { composeDetail } from './vocabulary/details.js';

/** The last publication day of the demo corpus; statuses are as of this day. */
export const DEMO_CORPUS_LATEST_DATE = '2026-11-22';
/** Priorities start here so that the first publications appear in 1980. */
const EARLIEST_PRIORITY_DATE = '1978-07-01';
/** The largest simple family generated; real ones reach dozens, but few pass a dozen. */
const MAX_FAMILY_SIZE = 12;
export interface GeneratePatentsOptions {
  count: number;
  seed: number;
  latestDate?: string;
}

/**
 * A deterministic stream of realistic Lens-shaped patent records: the same seed always yields
 * the same records. Records come in simple families of one to a dozen publications that share
 * an invention, its title, abstract and claims, applicants, inventors and priority; each office
 * gives its own number, kind, dates and status.
 */
export function* generatePatents(options: GeneratePatentsOptions): Generator<LensPatentRecord> {
  if (!Number.isInteger(options.count) || options.count < 0)
    throw new RangeError('count must be a whole number, 0 or more');
  const latestDate = options.latestDate ?? DEMO_CORPUS_LATEST_DATE;
  const context: FamilyContext = {
    random: new SeededRandom(options.seed),
    latestDate,
    prioritySpans: prioritySpans(latestDate),
    // A stream of its own, so that the details leave every other generated field as it was.
    detailRandom: new SeededRandom(options.seed ^ 0x5bd1e995),
    usedKeys: new KeySet(),
  };
  let remaining = options.count;
  while (remaining > 0) {
    const family = generateFamily(context, Math.min(MAX_FAMILY_SIZE, remaining));
    remaining -= family.length;
    yield* family;
  }
}

interface FamilyContext extends PublicationContext {
  prioritySpans: ReadonlyArray<readonly [DaySpan, number]>;
  detailRandom: SeededRandom;
}

function generateFamily(context: FamilyContext, maxSize: number): LensPatentRecord[] {
  const { random } = context;
  const topic = random.weighted(TOPICS.map((candidate) => [candidate, candidate.weight] as const));
  const applicants = chooseApplicants(topic, random);
  const invention = chooseInvention(topic, random);
  const priority = choosePriorityDate(context);
  const offices = chooseOffices(applicants, maxSize, random);
  const publications = planPublications(context, offices, priority, maxSize);
  const naming = nameInvention(invention, offices[0] ?? '', random);
  const shared: SharedFacts = {
    applicants,
    inventors: chooseInventors(applicants.origin, random),
    invention,
    priority,
    priorityOffice:
      offices[0] === 'WO' || offices[0] === 'EP'
        ? applicants.origin.country
        : (offices[0] ?? applicants.origin.country),
    // One capitalisation for the whole family, so that its members read as one invention.
    title: styleTitle(naming.title, offices[0] ?? '', random),
    abstract: random.chance(abstractShare(priority))
      ? composeAbstract(
          invention,
          naming,
          random,
          composeDetail(invention.components[0] ?? invention.subject, context.detailRandom),
        )
      : undefined,
    claims: random.chance(0.65) ? composeClaims(invention, naming, random) : undefined,
    ipc: chooseIpcSymbols(topic, random),
    cpc: random.chance(0.85) ? random.sample(topic.cpc, random.int(1, 3)) : [],
    members: publications.map((publication) => ({
      lens_id: publication.lensId,
      document_id: {
        jurisdiction: publication.office,
        doc_number: publication.docNumber,
        kind: publication.rule.kind,
        date: publication.published,
      },
    })),
  };
  return publications.map((publication) => buildRecord(context, publication, shared));
}

/**
 * Older records often have no English abstract in Lens; recent ones nearly always do. A record
 * without one is found by its title alone, as in real data.
 */
function abstractShare(priority: string): number {
  return yearOf(priority) < 1990 ? 0.7 : 0.98;
}

type DaySpan = { from: number; to: number };

/**
 * Priority years weighted so that more patents are filed every year, up to the latest priority
 * whose application is published by the latest date. Computed once per stream.
 */
function prioritySpans(latestDate: string): ReadonlyArray<readonly [DaySpan, number]> {
  const lastDay = dayNumber(latestDate) - APPLICATION_PUBLICATION_DAYS - 31;
  const firstYear = yearOf(EARLIEST_PRIORITY_DATE);
  return Array.from({ length: yearOf(isoDateOfDay(lastDay)) - firstYear + 1 }, (_, index) => {
    const year = firstYear + index;
    const from = Math.max(dayNumber(`${year}-01-01`), dayNumber(EARLIEST_PRIORITY_DATE));
    const to = Math.min(dayNumber(`${year}-12-31`), lastDay);
    // A year only partly open to priorities gets that part of its weight, so no days crowd.
    return [{ from, to }, (1 + index * 0.18) * ((to - from + 1) / 365)] as const;
  });
}

function choosePriorityDate({ random, prioritySpans: spans }: FamilyContext): string {
  const { from, to } = random.weighted(spans);
  return isoDateOfDay(random.int(from, to));
}

/** The topic's main group comes first in about half of the families, as in a real field. */
function chooseIpcSymbols(topic: Topic, random: SeededRandom): string[] {
  const first = random.chance(0.4) ? (topic.ipc[0] ?? random.pick(topic.ipc)) : random.pick(topic.ipc);
  return [...new Set([first, ...random.sample(topic.ipc, random.int(0, 2))])];
}

interface SharedFacts {
  applicants: FamilyApplicants;
  inventors: string[];
  invention: Invention;
  priority: string;
  priorityOffice: string;
  title: string;
  abstract: string | undefined;
  claims: string[] | undefined;
  ipc: string[];
  cpc: string[];
  members: {
    lens_id: string;
    document_id: { jurisdiction: string; doc_number: string; kind: string; date: string };
  }[];
}

function buildRecord(
  context: FamilyContext,
  publication: Publication,
  shared: SharedFacts,
): LensPatentRecord {
  const { random, latestDate } = context;
  const { office, rule, published, docNumber } = publication;
  const names = (values: string[]) => values.map((value) => ({ extracted_name: { value } }));
  const granted = rule.type !== 'PATENT_APPLICATION';
  const withOwners = granted && (office === 'US' || office === 'AU');
  return {
    lens_id: publication.lensId,
    jurisdiction: office,
    doc_number: docNumber,
    kind: rule.kind,
    date_published: published,
    doc_key: `${office}_${docNumber}_${rule.kind}_${published.replaceAll('-', '')}`,
    publication_type: rule.type,
    biblio: {
      publication_reference: {
        jurisdiction: office,
        doc_number: docNumber,
        kind: rule.kind,
        date: published,
      },
      application_reference: {
        jurisdiction: office,
        doc_number: `${yearOf(publication.filed)}${String(random.int(1, 999_999)).padStart(6, '0')}`,
        date: publication.filed,
      },
      priority_claims: {
        claims: [
          {
            jurisdiction: shared.priorityOffice,
            doc_number: `${yearOf(shared.priority)}${String(random.int(1, 99_999)).padStart(5, '0')}`,
            date: shared.priority,
          },
        ],
        earliest_claim: { date: shared.priority },
      },
      invention_title: [{ text: shared.title, lang: 'en' }],
      parties: {
        inventors: names(shared.inventors),
        applicants: names(shared.applicants.names),
        ...(withOwners
          ? {
              owners_all: shared.applicants.names.map((value) => ({
                extracted_name: { value },
                recorded_date: published,
              })),
            }
          : {}),
      },
      classifications_ipcr: { classifications: shared.ipc.map((symbol) => ({ symbol })) },
      ...(shared.cpc.length > 0
        ? { classifications_cpc: { classifications: shared.cpc.map((symbol) => ({ symbol })) } }
        : {}),
    },
    ...(shared.abstract ? { abstract: [{ text: shared.abstract, lang: 'en' }] } : {}),
    ...(shared.claims
      ? { claims: [{ claims: shared.claims.map((text) => ({ claim_text: [text] })), lang: 'en' }] }
      : {}),
    legal_status: legalStatusFor(
      {
        office,
        type: rule.type,
        published,
        earliestPriority: shared.priority,
        termYears: rule.termYears ?? 20,
        asOf: latestDate,
        grantedLater: publication.grantedLater,
      },
      random,
    ),
    families: { simple_family: { members: shared.members, size: shared.members.length } },
  };
}
