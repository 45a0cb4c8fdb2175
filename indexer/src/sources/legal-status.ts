import type { LensPublicationType, StoredPatentStatus } from '@patentscout/schema';
import { addYears, yearsBetween } from './dates.js';
import type { SeededRandom } from './random.js';

// NOTE: a type alias, not an interface, so that it fits the loose `legal_status` of the record.
export type GeneratedLegalStatus = {
  patent_status: StoredPatentStatus;
  anticipated_term_date?: string;
  granted?: boolean;
  grant_date?: string;
};

export interface LegalStatusFacts {
  office: string;
  type: LensPublicationType;
  published: string;
  earliestPriority: string;
  /** Term of protection in years from the earliest priority. */
  termYears: number;
  /** The day the statuses are as of. */
  asOf: string;
  /** An application whose office has granted it since, under another publication. */
  grantedLater?: boolean;
}

/** Applications published this recently may still be under examination. */
export const PENDING_WITHIN_YEARS = 5;
/** A PCT application stays open for national filings for 30 months from its priority. */
const PCT_NATIONAL_PHASE_YEARS = 2.5;

/**
 * A status that agrees with the publication's dates, the way Lens reports them: grants are in
 * force until their term ends (unless they lapse), recent applications are pending, older ones
 * have been granted, abandoned or refused.
 */
export function legalStatusFor(facts: LegalStatusFacts, random: SeededRandom): GeneratedLegalStatus {
  const { type, published, earliestPriority, asOf } = facts;
  if (type === 'GRANTED_PATENT' || type === 'LIMITED_PATENT') {
    const termEnd = addYears(earliestPriority, facts.termYears);
    const status =
      termEnd <= asOf
        ? random.weighted<StoredPatentStatus>([
            ['EXPIRED', 88],
            ['DISCONTINUED', 10],
            ['UNKNOWN', 2],
          ])
        : random.weighted<StoredPatentStatus>([
            ['ACTIVE', 72],
            ['DISCONTINUED', yearsBetween(published, asOf) > 4 ? 12 : 0],
            ['PATENTED', 8],
            ['INACTIVE', 4],
            ['UNKNOWN', 4],
          ]);
    return { patent_status: status, anticipated_term_date: termEnd, granted: true, grant_date: published };
  }
  // Lens marks an application that matured into a grant as patented.
  if (facts.grantedLater) return { patent_status: 'PATENTED' };
  if (facts.office === 'WO') {
    const open = yearsBetween(earliestPriority, asOf) < PCT_NATIONAL_PHASE_YEARS;
    return {
      patent_status: open
        ? 'PENDING'
        : random.weighted<StoredPatentStatus>([
            ['INACTIVE', 60],
            ['UNKNOWN', 40],
          ]),
    };
  }
  const age = yearsBetween(published, asOf);
  if (age < 3)
    return {
      patent_status: random.weighted<StoredPatentStatus>([
        ['PENDING', 82],
        ['WITHDRAWN_OR_REJECTED', 8],
        ['DISCONTINUED', 6],
        ['UNKNOWN', 4],
      ]),
    };
  return {
    patent_status: random.weighted<StoredPatentStatus>([
      ['PENDING', age < PENDING_WITHIN_YEARS ? 15 : 0],
      ['DISCONTINUED', 35],
      ['WITHDRAWN_OR_REJECTED', 20],
      ['PATENTED', 20],
      ['INACTIVE', 10],
      ['UNKNOWN', 10],
    ]),
  };
}
