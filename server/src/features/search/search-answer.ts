import type { RankedCandidates, SearchExplanation, SearchHit } from './engine/index.js';
import { SearchResultSetSchema, type SearchKind, type SearchResultSet } from './search.types.js';

/** A search's answer: the specification's result set, with how an AI search read its text. */
export type AnsweredResultSet = SearchResultSet & { explanation: SearchExplanation | null };

/**
 * The answer in the specification's shape, once its shape check passed. The answer itself is
 * returned, not zod's checked copy: it is built here with exactly the schema's fields, and a
 * second tree of 500 items is garbage the server would collect on every search.
 */
export function checkedAnswer(
  kind: SearchKind,
  found: RankedCandidates,
  resultSetId: string,
): AnsweredResultSet {
  const data = found.hits.map(toResultItem);
  const built = {
    result_set_id: resultSetId,
    total: found.total,
    results: data.length,
    group_by_count: found.families,
    estimated: found.estimated,
    data,
    // Not in the specification's shape: GraphQL answers it, REST's serialiser leaves it out.
    explanation: found.explanation ?? null,
  };
  const answer = SearchResultSetSchema.safeParse(built);
  // A malformed answer is the server's fault: it is logged and answered with a plain 500.
  if (!answer.success) {
    const { issues } = answer.error;
    const firstIssues = issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(
      `A ${kind} search answer failed its shape check (${issues.length} issues; ${firstIssues})`,
    );
  }
  // The passed check vouches for the narrower types (statuses, countries, dates) of the built answer.
  return built as AnsweredResultSet;
}

/**
 * A kept result set's counts as the API answers them: the body of
 * `GET /api/v1/result-sets/:id/counts` and GraphQL's `ResultSetCounts`, named as the result set
 * names them.
 */
export function countsAnswer(counts: { total: number; families: number; estimated: boolean }) {
  return { total: counts.total, group_by_count: counts.families, estimated: counts.estimated };
}

/** The item as the specification shapes it; the answer's shape check vouches for it. */
export function toResultItem(hit: SearchHit, index: number) {
  return {
    lens_id: hit.lens_id,
    doc_key: hit.doc_key,
    patent_status: hit.patent_status,
    search_result_order: index + 1,
    ipc_families: hit.ipc_symbols.map((symbol) => ({ symbol })),
    generative_data: {
      title: hit.ai_title ?? '',
      summary: hit.ai_summary ?? '',
      types: hit.ai_types ?? [],
      uses: hit.ai_uses ?? [],
    },
    biblio: {
      publication_reference: {
        jurisdiction: hit.jurisdiction,
        doc_number: hit.doc_number,
        kind: hit.kind,
        date: hit.date_published,
      },
      invention_title: hit.title,
    },
    family_members: hit.family_members.map((member) => ({
      lens_id: member.lens_id,
      jurisdiction: member.jurisdiction,
      doc_number: member.doc_number,
      kind: member.kind,
      date: member.date_published,
    })),
  };
}
