import {
  CSIRO,
  EX_GO8_UNIVERSITIES,
  GO8_UNIVERSITIES,
  HARVARD,
  type ResearchInstitution,
} from '@patentscout/schema';

export type { ResearchInstitution };

/** The institutions live in @patentscout/schema, with every applicant name each one files under. */
export const GO8: readonly ResearchInstitution[] = GO8_UNIVERSITIES;
export const EX_GO8: readonly ResearchInstitution[] = EX_GO8_UNIVERSITIES;
export const OTHER_COLLECTIONS: readonly ResearchInstitution[] = [CSIRO, HARVARD];

/** Ten-year collections start on this date. */
export const TEN_YEAR_START = '2015-01-01';

/** Every applicant name of a set of institutions, for one combined search. */
export function applicantNamesOf(institutions: readonly ResearchInstitution[]): string[] {
  return [...new Set(institutions.flatMap((institution) => institution.applicantNames))];
}
