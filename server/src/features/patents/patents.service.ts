import { type PatentRow, listItems } from '@patentscout/db';
import { AppError, ValidationError } from '../../shared/errors.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import type { PatentDetail } from './patents.model.js';
import type { PatentsRepo } from './patents.repo.js';

export class PatentNotFoundError extends AppError {
  constructor(lensId: string) {
    super('PATENT_NOT_FOUND', `No patent was found with the id "${lensId}".`);
  }
}

/** The most results an export covers: a search returns at most 500. */
export const EXPORT_MAX = 500;

export interface PatentsService {
  getPatent(lensId: string | undefined | null): Promise<PatentDetail>;
  /** Export details of up to `EXPORT_MAX` results, in the order asked; unknown ids left out. */
  exportDetails(
    viewer: Viewer | null,
    lensIds: readonly string[],
  ): Promise<
    {
      inventors: string[];
      applicants: string[];
      owners: string[];
      ipc_symbols: string[];
      lens_id: string;
      family_size: number;
    }[]
  >;
  countPatents(): Promise<number>;
}

export function createPatentsService(deps: { repo: PatentsRepo }): PatentsService {
  return {
    async getPatent(lensId: string | undefined | null): Promise<PatentDetail> {
      const id = lensId?.trim();
      if (!id) throw new ValidationError('Lens ID is required.', 'PATENT_ID_REQUIRED');
      if (id.length > 200) throw new ValidationError('That patent id is too long.');
      const row = await deps.repo.findByLensId(id);
      if (!row) throw new PatentNotFoundError(id);
      return toPatentDetail(row);
    },

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
