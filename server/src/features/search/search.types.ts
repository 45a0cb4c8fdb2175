import { LEGAL_STATUSES } from '@patentscout/schema';
import { z } from 'zod';

const STORED_STATUSES = LEGAL_STATUSES.map((status) => status.stored);

/**
 * Another indexed publication of a result's simple family (an extra field of the item, ADR 0100),
 * as the result's record lists it: a record may leave a member's kind or date empty.
 */
const FamilyMemberSchema = z.object({
  lens_id: z.string().min(1),
  jurisdiction: z.string(),
  doc_number: z.string(),
  kind: z.string(),
  date: z.string(),
});

/**
 * The specification's result item, one per simple family (with its other members); every answer is checked against it before it leaves. Plain
 * objects (unknown keys are dropped from the checked copy that is sent) check 500 items in about
 * half the time of strict ones.
 */
const SearchResultItemSchema = z.object({
  lens_id: z.string().min(1),
  doc_key: z.string().min(1),
  patent_status: z.enum(STORED_STATUSES),
  search_result_order: z.number().int().positive(),
  ipc_families: z.array(z.object({ symbol: z.string().min(1) })),
  generative_data: z.object({
    title: z.string(),
    summary: z.string(),
    types: z.array(z.string()),
    uses: z.array(z.string()),
  }),
  biblio: z.object({
    publication_reference: z.object({
      jurisdiction: z.string().regex(/^[A-Z]{2}$/),
      doc_number: z.string().min(1),
      kind: z.string(),
      date: z.iso.date(),
    }),
    invention_title: z.string(),
  }),
  family_members: z.array(FamilyMemberSchema),
});

/** The specification's search result set; the REST and GraphQL answers share it. */
export const SearchResultSetSchema = z
  .object({
    total: z.number().int().nonnegative(),
    results: z.number().int().nonnegative(),
    group_by_count: z.number().int().nonnegative(),
    /** True when total and group_by_count are estimates rather than exact counts. */
    estimated: z.boolean(),
    /** The stored result set's id (not in the specification): it replays this answer without a search. */
    result_set_id: z.string(),
    data: z.array(SearchResultItemSchema),
  })
  .refine((set) => set.results === set.data.length, 'results must count the items returned')
  .refine(
    (set) => set.total >= set.results && set.group_by_count <= set.total,
    'the counts must cover the items returned',
  )
  .refine(
    (set) => set.data.every((item, index) => item.search_result_order === index + 1),
    'items must be numbered in order from 1',
  );

export type SearchResultItem = z.infer<typeof SearchResultItemSchema>;
export type SearchResultSet = z.infer<typeof SearchResultSetSchema>;

export type SearchKind = 'ai' | 'boolean';

/**
 * A kept result set as `resultSet(id)` resolves it (the GraphQL mapper of StoredResultSet): the
 * fields other features resolve on it (its map) read the answer from here.
 */
export interface StoredResultSetModel {
  id: string;
  kind: 'AI' | 'ADVANCED';
  query: string;
  results: SearchResultSet;
}
