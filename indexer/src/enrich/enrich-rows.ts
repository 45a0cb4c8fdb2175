import type { NewPatent } from '@patentscout/server/db/tables';
import type { Summarizer } from './summarizer.js';

/** The rows with their AI title, summary, types and uses written by the summarizer. */
export async function enrichRows(rows: readonly NewPatent[], summarizer: Summarizer, generatedAt: Date = new Date()): Promise<NewPatent[]> {
  const enriched: NewPatent[] = [];
  // NOTE: one row at a time: a remote summarizer is rate-limited, and the offline one is not
  // slowed by awaiting its plain return values.
  for (const row of rows) {
    const text = await summarizer.summarize({
      title: row.title,
      abstract: row.abstract ?? '',
      claims: row.claims ?? '',
      ipcSymbols: row.ipc_symbols ?? [],
      publicationType: row.publication_type ?? null,
    });
    enriched.push({ ...row, ai_title: text.title, ai_summary: text.summary, ai_types: text.types, ai_uses: text.uses, ai_generated_at: generatedAt });
  }
  return enriched;
}
