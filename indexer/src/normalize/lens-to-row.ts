import {
  patentKey,
  publicationKey,
  stablePatentId,
  toStoredPatentStatus,
  type LensPatentRecord,
  type StoredPatentStatus,
} from '@patentscout/schema';
import { type FamilyMemberJson, type NewPatent, listText } from '@patentscout/db';
import { claimsText, preferEnglish } from './lens-text.js';

type Classifications = NonNullable<LensPatentRecord['biblio']['classifications_ipcr']>;
type PartyList = NonNullable<LensPatentRecord['biblio']['parties']>['inventors'];

const unique = (values: string[]) => [
  ...new Set(values.map((value) => value.trim()).filter((value) => value !== '')),
];

const symbolsOf = (classifications: Classifications | undefined) =>
  unique((classifications?.classifications ?? []).map((entry) => entry.symbol));

const namesOf = (parties: PartyList) => unique((parties ?? []).map((party) => party.extracted_name.value));

function patentStatusOf(record: LensPatentRecord): StoredPatentStatus {
  const reported = record.legal_status?.patent_status;
  const stored = reported ? toStoredPatentStatus(reported) : undefined;
  if (stored) return stored;
  // NOTE: most sources say only that a grant was published, which is what PATENTED means
  // ("whether it is still in force is not known"); saying UNKNOWN would hide a real fact.
  const granted =
    record.legal_status?.granted === true ||
    record.publication_type === 'GRANTED_PATENT' ||
    record.publication_type === 'LIMITED_PATENT';
  return granted ? 'PATENTED' : 'UNKNOWN';
}

function earliestPriorityOf(record: LensPatentRecord): string | null {
  const priorities = record.biblio.priority_claims;
  const claimDates = (priorities?.claims ?? []).flatMap((claim) => (claim.date ? [claim.date] : [])).sort();
  return priorities?.earliest_claim?.date ?? claimDates[0] ?? null;
}

function familyOf(record: LensPatentRecord, key: string): { familyId: string; members: FamilyMemberJson[] } {
  const members = record.families?.simple_family?.members ?? [];
  const memberIds = members.flatMap((member) => {
    const id = member.lens_id ?? (member.document_id ? publicationKey(member.document_id) : undefined);
    return id ? [id] : [];
  });
  // Every member names the same family, so the smallest id in it is the same from each of them.
  const familyId = [key, ...memberIds].sort()[0] ?? key;
  const listed = members.flatMap((member): FamilyMemberJson[] => {
    const documentId = member.document_id;
    if (!documentId) return [];
    return [
      [
        member.lens_id ?? null,
        documentId.jurisdiction,
        documentId.doc_number,
        documentId.kind ?? '',
        documentId.date ?? '',
      ],
    ];
  });
  return { familyId, members: listed };
}

/**
 * One `patents` row from a provider record. Pure: the same record always gives the same row.
 * Records without a Lens id are keyed by their stable publication id; the generated columns
 * (search vector, year) and the AI columns are left to the database and the enrichment step.
 */
export function lensRecordToRow(record: LensPatentRecord): NewPatent {
  const key = patentKey(record);
  const ipcSymbols = symbolsOf(record.biblio.classifications_ipcr);
  const parties = record.biblio.parties;
  const family = familyOf(record, key);
  const shownTitle = preferEnglish(record.biblio.invention_title)[0];
  return {
    lens_id: key,
    doc_key: record.doc_key ?? stablePatentId(record),
    jurisdiction: record.jurisdiction,
    doc_number: record.doc_number,
    kind: record.kind ?? '',
    date_published: record.date_published,
    publication_type: record.publication_type ?? null,
    title: shownTitle?.text.trim() ?? '',
    title_lang: shownTitle?.lang ?? null,
    abstract: preferEnglish(record.abstract)
      .map((paragraph) => paragraph.text.trim())
      .filter((text) => text !== '')
      .join('\n\n'),
    claims: claimsText(record.claims),
    ipc_symbols: listText(ipcSymbols),
    first_ipc: ipcSymbols[0] ?? null,
    cpc_symbols: listText(symbolsOf(record.biblio.classifications_cpc)),
    inventors: listText(namesOf(parties?.inventors)),
    applicants: listText(namesOf(parties?.applicants)),
    owners: listText(namesOf(parties?.owners_all)),
    earliest_priority_date: earliestPriorityOf(record),
    patent_status: patentStatusOf(record),
    anticipated_term_date: record.legal_status?.anticipated_term_date ?? null,
    family_id: family.familyId,
    family_members: JSON.stringify(family.members),
  };
}
