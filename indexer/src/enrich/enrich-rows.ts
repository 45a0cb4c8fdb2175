import { listItems, listText, type NewPatent } from '@patentscout/db';
import type { Summarizer, SummarizerInput } from './summarizer.js';

export function summarizerInputOf(
  row: Pick<NewPatent, 'title' | 'abstract' | 'claims' | 'ipc_symbols' | 'publication_type'> & {
    /** The words it learned from its classes (ADR 0177), space-separated, when it has any. */
    class_words?: string | null;
  },
): SummarizerInput {
  return {
    title: row.title,
    abstract: row.abstract ?? '',
    claims: row.claims ?? '',
    ipcSymbols: listItems(row.ipc_symbols),
    publicationType: row.publication_type ?? null,
    ...(row.class_words ? { classWords: row.class_words.split(' ') } : {}),
  };
}

export interface EnrichedRows {
  rows: NewPatent[];
  enriched: number;
  /** Rows the summarizer failed on: written without AI text, for the enrichment job to retry. */
  failures: Array<{ lensId: string; error: unknown }>;
}

/**
 * The rows with their AI title, summary, types and uses. All rows of a batch are asked for at
 * once: a remote summarizer limits its own concurrency, and the offline one answers at once.
 */
export async function enrichRows(
  rows: readonly NewPatent[],
  summarizer: Summarizer,
  generatedAt: Date = new Date(),
): Promise<EnrichedRows> {
  const failures: EnrichedRows['failures'] = [];
  const enrichedRows = await Promise.all(
    rows.map(async (row): Promise<NewPatent> => {
      try {
        const text = await summarizer.summarize(summarizerInputOf(row));
        return {
          ...row,
          ai_title: text.title,
          ai_summary: text.summary,
          ai_types: listText(text.types),
          ai_uses: listText(text.uses),
          ai_generated_at: generatedAt,
        };
      } catch (error) {
        failures.push({ lensId: row.lens_id, error });
        return row;
      }
    }),
  );
  return { rows: enrichedRows, enriched: rows.length - failures.length, failures };
}
