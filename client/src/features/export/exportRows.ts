import { PRODUCT_NAME, countryName, describeKind } from '@patentscout/schema';
import { documentNumber } from '../../ui/format';

/** What a result card shows, as the search answer gives it (a structural subset of the fragment). */
export interface ExportItem {
  lens_id: string;
  doc_key: string;
  patent_status: string;
  search_result_order: number;
  generative_data: { title: string; summary: string; types?: string[]; uses?: string[] };
  biblio: {
    publication_reference: { jurisdiction: string; doc_number: string; kind: string; date: string };
    invention_title: string;
  };
  /** The family's other publications that the search answer lists. */
  family_members?: ReadonlyArray<{ jurisdiction: string; doc_number: string; kind: string }>;
}

/** What an export adds to a card (`patentExportDetails`). */
export interface ExportDetails {
  lens_id: string;
  inventors: string[];
  applicants: string[];
  owners: string[];
  ipc_symbols: string[];
  family_size: number;
}

/** One exported result: every card field, the parties, IPC symbols and family size. */
export interface ExportRow {
  position: number;
  relevanceRank: number;
  lensId: string;
  docKey: string;
  documentNumber: string;
  countryCode: string;
  country: string;
  kind: string;
  kindDescription: string;
  datePublished: string;
  legalStatus: string;
  aiTitle: string;
  title: string;
  summary: string;
  types: string[];
  uses: string[];
  inventors: string[];
  applicants: string[];
  owners: string[];
  ipcSymbols: string[];
  familySize: number | null;
  /** The document numbers of the family's other publications held here (the card's members). */
  familyMembers: string[];
  url: string;
  /** A collection's note and tags on the patent (collection exports only). */
  note?: string;
  tags?: string[];
}

/** A collection's note and tags, by lens id. */
export type ExportAnnotations = ReadonlyMap<string, { note: string; tags: readonly string[] }>;

/** The most results an export covers (a search returns at most 500). */
export const EXPORT_LIMIT = 500;

/**
 * The rows of an export, in the order shown (after refine and sort), at most `EXPORT_LIMIT`;
 * `origin` makes each patent page's address (`https://host`).
 */
export function toExportRows(
  items: readonly ExportItem[],
  details: readonly ExportDetails[],
  origin: string,
  annotations?: ExportAnnotations,
): ExportRow[] {
  const byId = new Map(details.map((detail) => [detail.lens_id, detail]));
  return items.slice(0, EXPORT_LIMIT).map((item, index) => {
    const reference = item.biblio.publication_reference;
    const detail = byId.get(item.lens_id);
    return {
      position: index + 1,
      relevanceRank: item.search_result_order,
      lensId: item.lens_id,
      docKey: item.doc_key,
      documentNumber: documentNumber(reference),
      countryCode: reference.jurisdiction,
      country: countryName(reference.jurisdiction) ?? reference.jurisdiction,
      kind: reference.kind,
      kindDescription: describeKind(reference.kind) ?? '',
      datePublished: reference.date,
      legalStatus: item.patent_status,
      aiTitle: item.generative_data.title,
      title: item.biblio.invention_title,
      summary: item.generative_data.summary,
      types: item.generative_data.types ?? [],
      uses: item.generative_data.uses ?? [],
      inventors: detail?.inventors ?? [],
      applicants: detail?.applicants ?? [],
      owners: detail?.owners ?? [],
      ipcSymbols: detail?.ipc_symbols ?? [],
      familySize: detail?.family_size ?? null,
      familyMembers: (item.family_members ?? []).map(documentNumber),
      url: `${origin}/patents/${encodeURIComponent(item.lens_id)}`,
      ...annotated(annotations, item.lens_id),
    };
  });
}

function annotated(annotations: ExportAnnotations | undefined, lensId: string) {
  if (!annotations) return {};
  const annotation = annotations.get(lensId);
  return { note: annotation?.note ?? '', tags: [...(annotation?.tags ?? [])] };
}

/** `PatentScout-<query-slug>-2026-11-25.csv`: the query, made safe for a file name, and the date. */
export function exportFileName(query: string, date: Date, extension: 'csv' | 'ris' | 'pdf'): string {
  const slug =
    query
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'search';
  return `${PRODUCT_NAME}-${slug}-${date.toISOString().slice(0, 10)}.${extension}`;
}
