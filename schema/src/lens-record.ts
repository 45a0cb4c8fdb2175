import { z } from 'zod';

/**
 * The provider's patent record in the Lens patent JSON shape, as the indexer receives it from
 * Lens files, the Lens API or the demo-corpus generator. Objects are loose (Lens adds fields
 * over time and we keep the record as received), but every field we read is type-checked.
 */

/** Lens publication types (`publication_type`). */
export const LENS_PUBLICATION_TYPES = [
  'GRANTED_PATENT',
  'PATENT_APPLICATION',
  'LIMITED_PATENT',
  'DESIGN_RIGHT',
  'SEARCH_REPORT',
  'AMBIGUOUS',
  'UNKNOWN',
] as const;
export type LensPublicationType = (typeof LENS_PUBLICATION_TYPES)[number];

/** Lens ids are five groups of three characters; the last one is a check character (0-9 or X). */
export const LENS_ID_PATTERN = /^\d{3}-\d{3}-\d{3}-\d{3}-\d{2}[\dX]$/;

const isoDate = z.iso.date();

const LocalizedText = z.looseObject({ text: z.string(), lang: z.string().optional() });

const Party = z.looseObject({ extracted_name: z.looseObject({ value: z.string() }) });

const Classifications = z.looseObject({
  classifications: z.array(z.looseObject({ symbol: z.string().min(1) })),
});

export const LensDocumentIdSchema = z.looseObject({
  jurisdiction: z.string().min(1),
  doc_number: z.string().min(1),
  kind: z.string().optional(),
  date: isoDate.optional(),
});
export type LensDocumentId = z.infer<typeof LensDocumentIdSchema>;

const FamilyMember = z.looseObject({
  lens_id: z.string().regex(LENS_ID_PATTERN).optional(),
  document_id: LensDocumentIdSchema.optional(),
});

const Biblio = z.looseObject({
  invention_title: z.array(LocalizedText).optional(),
  parties: z
    .looseObject({
      inventors: z.array(Party).optional(),
      applicants: z.array(Party).optional(),
      owners_all: z.array(Party).optional(),
    })
    .optional(),
  priority_claims: z
    .looseObject({
      claims: z.array(z.looseObject({ date: isoDate.optional() })).optional(),
      earliest_claim: z.looseObject({ date: isoDate }).optional(),
    })
    .optional(),
  classifications_ipcr: Classifications.optional(),
  classifications_cpc: Classifications.optional(),
  application_reference: z
    .looseObject({
      jurisdiction: z.string().optional(),
      doc_number: z.string().optional(),
      kind: z.string().optional(),
      date: isoDate.optional(),
    })
    .optional(),
});

export const LensPatentRecordSchema = z.looseObject({
  lens_id: z.string().regex(LENS_ID_PATTERN).optional(),
  id: z.string().min(1).optional(),
  doc_key: z.string().min(1).optional(),
  jurisdiction: z.string().regex(/^[A-Z]{2}$/),
  doc_number: z.string().min(1),
  kind: z.string().min(1).optional(),
  date_published: isoDate,
  publication_type: z.enum(LENS_PUBLICATION_TYPES).optional(),
  biblio: Biblio,
  abstract: z.array(LocalizedText).optional(),
  // NOTE: Lens writes claims as [{ claims: [{ claim_text: [string] }], lang }], but other
  // exports differ; the normalizer extracts whatever text it can find, so no shape is imposed.
  claims: z.unknown().optional(),
  legal_status: z
    .looseObject({
      patent_status: z.string().optional(),
      anticipated_term_date: isoDate.optional(),
      granted: z.boolean().optional(),
      grant_date: isoDate.optional(),
    })
    .optional(),
  families: z
    .looseObject({
      simple_family: z
        .looseObject({
          members: z.array(FamilyMember).optional(),
          size: z.number().int().nonnegative().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type LensPatentRecord = z.infer<typeof LensPatentRecordSchema>;

/** The four parts that identify one publication. */
export interface PublicationReference {
  jurisdiction: string;
  doc_number: string;
  kind?: string | undefined;
  date?: string | undefined;
}

/**
 * A deterministic key for a publication: `JURISDICTION_DOCNUMBER_KIND_YYYYMMDD`, with an empty
 * part where the kind or date is unknown (`US_5535303__19960709`). It is the same form as the
 * shared data's own `id` and as `doc_key`, so a record keeps one key whichever of them it has.
 */
export function publicationKey(reference: PublicationReference): string {
  const date = (reference.date ?? '').replaceAll('-', '');
  return `${reference.jurisdiction}_${reference.doc_number}_${reference.kind ?? ''}_${date}`;
}

/** The stable id of a record that has no Lens id, derived from its publication. */
export function stablePatentId(
  record: Pick<LensPatentRecord, 'jurisdiction' | 'doc_number' | 'kind' | 'date_published'>,
): string {
  return publicationKey({ ...record, date: record.date_published });
}

/** The key a patent is stored and addressed by: its Lens id, or the stable id when it has none. */
export function patentKey(record: LensPatentRecord): string {
  return record.lens_id ?? stablePatentId(record);
}
