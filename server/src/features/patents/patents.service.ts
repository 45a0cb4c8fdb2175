import { type PatentRow, listItems } from '@patentscout/db';
import { AppError, ValidationError } from '../../shared/errors.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import type { PatentsRepo } from './patents.repo.js';

/** The patent page's answer, in the specification's shape: `{ generative_data, data }`. */
export interface PatentDetail {
  generative_data: { title: string; summary: string; types: string[]; uses: string[] } | null;
  data: {
    doc_key: string;
    lens_id: string;
    date_published: string;
    publication_type: string | null;
    biblio: {
      invention_title: { text: string; lang: string | null }[];
      parties: Record<'inventors' | 'applicants' | 'owners_all', { extracted_name: { value: string } }[]>;
      priority_claims: { earliest_claim: { date: string | null } };
      publication_reference: { jurisdiction: string; doc_number: string; kind: string; date: string };
    };
    legal_status: { patent_status: string | null; anticipated_term_date: string | null };
    families: {
      simple_family: {
        members: {
          lens_id: string | null;
          document_id: { jurisdiction: string; doc_number: string; kind: string; date: string };
        }[];
      };
    };
  };
}

export class PatentNotFoundError extends AppError {
  constructor(lensId: string) {
    super('PATENT_NOT_FOUND', `No patent was found with the id "${lensId}".`);
  }
}

/** The most results an export covers: a search returns at most 500. */
export const EXPORT_MAX = 500;

export function createPatentsService(deps: { repo: PatentsRepo }) {
  return {
    async getPatent(lensId: string | undefined | null): Promise<PatentDetail> {
      const id = lensId?.trim();
      if (!id) throw new ValidationError('Lens ID is required.', 'PATENT_ID_REQUIRED');
      if (id.length > 200) throw new ValidationError('That patent id is too long.');
      const row = await deps.repo.findByLensId(id);
      if (!row) throw new PatentNotFoundError(id);
      return toPatentDetail(row);
    },

    /** Export details of up to `EXPORT_MAX` results, in the order asked; unknown ids left out. */
    async exportDetails(viewer: Viewer | null, lensIds: readonly string[]) {
      // Like the searches whose results it exports: a signed-in, verified user.
      assertVerified(viewer);
      const ids = [...new Set(lensIds.map((id) => id.trim()).filter((id) => id !== ''))];
      if (ids.length > EXPORT_MAX)
        throw new ValidationError(`At most ${EXPORT_MAX} patents can be exported at once.`);
      if (ids.length === 0) return [];
      const rows = new Map(
        (await deps.repo.exportDetails(ids)).map((row) => [
          row.lens_id,
          {
            ...row,
            inventors: listItems(row.inventors),
            applicants: listItems(row.applicants),
            owners: listItems(row.owners),
            ipc_symbols: listItems(row.ipc_symbols),
          },
        ]),
      );
      return ids.flatMap((id) => rows.get(id) ?? []);
    },

    countPatents: () => deps.repo.count(),
  };
}

function toPatentDetail(row: PatentRow): PatentDetail {
  const names = (list: string) => listItems(list).map((value) => ({ extracted_name: { value } }));
  return {
    generative_data: row.ai_title
      ? {
          title: row.ai_title,
          summary: row.ai_summary ?? '',
          types: listItems(row.ai_types),
          uses: listItems(row.ai_uses),
        }
      : null,
    data: {
      doc_key: row.doc_key,
      lens_id: row.lens_id,
      date_published: row.date_published,
      publication_type: row.publication_type,
      biblio: {
        invention_title: row.title ? [{ text: row.title, lang: row.title_lang }] : [],
        parties: {
          inventors: names(row.inventors),
          applicants: names(row.applicants),
          owners_all: names(row.owners),
        },
        priority_claims: { earliest_claim: { date: row.earliest_priority_date } },
        publication_reference: {
          jurisdiction: row.jurisdiction,
          doc_number: row.doc_number,
          kind: row.kind,
          date: row.date_published,
        },
      },
      legal_status: { patent_status: row.patent_status, anticipated_term_date: row.anticipated_term_date },
      families: {
        simple_family: {
          members: row.family_members.map(([lensId, jurisdiction, docNumber, kind, date]) => ({
            lens_id: lensId,
            document_id: { jurisdiction, doc_number: docNumber, kind, date },
          })),
        },
      },
    },
  };
}

export type PatentsService = ReturnType<typeof createPatentsService>;
