import { z } from 'zod';
import institutions from './data/research-institutions.json' with { type: 'json' };

/**
 * Research institutions of the university searches, with the applicant names they file under.
 * Offices and the provider spell an institution several ways (the full legal name, the DOCDB
 * abbreviation such as 'UNIV MELBOURNE', a commercialisation company), so a search for an
 * institution matches any of its names. The first name is the one most often seen. The lists are
 * data (`data/research-institutions.json`), checked when first read.
 */
const institutionSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  applicantNames: z.array(z.string().min(1)).min(1).readonly(),
});

export type ResearchInstitution = z.infer<typeof institutionSchema>;

const parsed = z
  .object({
    go8: z.array(institutionSchema).readonly(),
    exGo8: z.array(institutionSchema).readonly(),
    csiro: institutionSchema,
    harvard: institutionSchema,
  })
  .parse(institutions);

/** The Group of Eight research-intensive Australian universities. */
export const GO8_UNIVERSITIES: readonly ResearchInstitution[] = parsed.go8;

/** Other Australian universities (the "ex-Go8" collection). */
export const EX_GO8_UNIVERSITIES: readonly ResearchInstitution[] = parsed.exGo8;

export const CSIRO: ResearchInstitution = parsed.csiro;

export const HARVARD: ResearchInstitution = parsed.harvard;
