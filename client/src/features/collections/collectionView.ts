import type { ExportItem } from '../export';
import type { Member } from './FamilyCard';

export type SortKey = 'added' | 'title' | 'published' | 'status';

export const SORTS: ReadonlyArray<{ value: SortKey; label: string }> = [
  { value: 'added', label: 'Last added' },
  { value: 'title', label: 'Title' },
  { value: 'published', label: 'Publication date' },
  { value: 'status', label: 'Legal status' },
];

const titleOf = (member: Member) => (member.ai_title?.trim() || member.title).toLowerCase();

/** Every tag of the collection, once, in alphabetical order. */
export function tagsOf(members: readonly Member[]): string[] {
  const byKey = new Map<string, string>();
  for (const member of members)
    for (const tag of member.tags) if (!byKey.has(tag.toLowerCase())) byKey.set(tag.toLowerCase(), tag);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

/**
 * The members as cards: one per simple family (a member without a family is its own), keeping
 * the families that hold a member with `tag`, in the order asked for.
 */
export function familiesOf(members: readonly Member[], tag: string, sort: SortKey): Member[][] {
  const families = new Map<string, Member[]>();
  for (const member of members) {
    const key = member.family_id ?? `lens:${member.lens_id}`;
    families.set(key, [...(families.get(key) ?? []), member]);
  }
  const wanted = tag.toLowerCase();
  const kept = [...families.values()].filter(
    (family) =>
      wanted === '' || family.some((member) => member.tags.some((word) => word.toLowerCase() === wanted)),
  );
  const first = (family: Member[]) => family[0]!;
  const newest = (family: Member[]) =>
    family.reduce((latest, member) => (member.added_at > latest ? member.added_at : latest), '');
  const compare: Record<SortKey, (a: Member[], b: Member[]) => number> = {
    added: (a, b) => newest(b).localeCompare(newest(a)),
    title: (a, b) => titleOf(first(a)).localeCompare(titleOf(first(b))),
    published: (a, b) => (first(b).date_published ?? '').localeCompare(first(a).date_published ?? ''),
    status: (a, b) => (first(a).patent_status ?? '~').localeCompare(first(b).patent_status ?? '~'),
  };
  return kept.sort(compare[sort]);
}

/** The members shown, as the results' exports take them. */
export function exportItemsOf(families: readonly Member[][]): ExportItem[] {
  return families.flat().map((member, index) => ({
    lens_id: member.lens_id,
    doc_key: member.doc_key,
    patent_status: member.patent_status ?? 'NO LONGER IN THE CORPUS',
    search_result_order: index + 1,
    generative_data: {
      title: member.ai_title ?? '',
      summary: member.ai_summary ?? '',
      types: member.ai_types,
      uses: member.ai_uses,
    },
    biblio: {
      publication_reference: {
        jurisdiction: member.jurisdiction ?? '',
        doc_number: member.doc_number ?? member.doc_key,
        kind: member.kind ?? '',
        date: member.date_published ?? '',
      },
      invention_title: member.title,
    },
  }));
}
