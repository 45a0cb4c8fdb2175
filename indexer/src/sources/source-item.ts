import { LensPatentRecordSchema, type LensPatentRecord } from '@patentscout/schema';

/**
 * What a source yields: a valid record, or the reason one could not be read, each with where it
 * came from (`patents.jsonl:12`, `response.json data[17]`, `Lens API page 3 item 4`) so that a
 * report points at it.
 */
export type SourceItem =
  { position: string; record: LensPatentRecord } | { position: string; problem: string };

/** Where a byte-counting source is: for progress bars that know how far through their input they are. */
export interface SourceProgress {
  /** Share of the input read, 0 to 1, when the source knows its size. */
  fraction?: number;
  /** Records the source expects in all, when it knows. */
  total?: number;
}

const MAX_ISSUES_IN_REASON = 3;

/** The record when it has the Lens shape, otherwise a reason naming the offending fields. */
export function validateLensRecord(value: unknown, position: string): SourceItem {
  const result = LensPatentRecordSchema.safeParse(value);
  if (result.success) return { position, record: result.data };
  const issues = result.error.issues
    .slice(0, MAX_ISSUES_IN_REASON)
    .map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`);
  const more = result.error.issues.length - issues.length;
  return { position, problem: `${issues.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}` };
}
