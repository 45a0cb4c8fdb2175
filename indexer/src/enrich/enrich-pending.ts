import type { Db } from '@patentscout/db';
import { sql } from 'kysely';
import { summarizerInputOf } from './enrich-rows.js';
import type { GeneratedText, Summarizer } from './summarizer.js';

/** Patents read per round: enough to keep a remote model's concurrency busy, small enough to stop soon. */
const ENRICH_BATCH_SIZE = 200;

export interface EnrichPendingOptions {
  db: Db;
  summarizer: Summarizer;
  /** At most this many patents in this run (the job continues in a follow-up job). */
  limit?: number;
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: { done: number; total: number; enriched: number; elapsedMs: number }) => void;
  onEnrichFailed?: (lensId: string, error: unknown) => void;
}

export interface EnrichPendingResult {
  enriched: number;
  failed: number;
  /** Patents still without AI text after this run (failures included). */
  remaining: number;
  elapsedMs: number;
  interrupted: boolean;
}

const countPending = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('patents')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('ai_generated_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).count,
  );

/**
 * Writes AI text for patents that have none (loaded with `--no-enrich`, fetched by the re-index
 * job, or changed since their text was written). Patents are visited in id order from a cursor,
 * so one the summarizer fails on is left for a later run instead of being retried forever.
 */
export async function enrichPendingPatents(options: EnrichPendingOptions): Promise<EnrichPendingResult> {
  const { db, summarizer, batchSize = ENRICH_BATCH_SIZE, signal } = options;
  const started = performance.now();
  const pending = await countPending(db);
  const total = Math.min(pending, options.limit ?? Number.POSITIVE_INFINITY);
  let cursor = '';
  let done = 0;
  let enriched = 0;
  let interrupted = false;
  while (done < total) {
    if (signal?.aborted) {
      interrupted = true;
      break;
    }
    const rows = await db
      .selectFrom('patents')
      .select(['lens_id', 'title', 'abstract', 'claims', 'ipc_symbols', 'publication_type'])
      // What its classes are about, for a record with little text (ADR 0177).
      .select(
        sql<string | null>`(SELECT l.words FROM patent_learned l WHERE l.lens_id = patents.lens_id)`.as(
          'class_words',
        ),
      )
      .where('ai_generated_at', 'is', null)
      .where('lens_id', '>', cursor)
      .orderBy('lens_id')
      .limit(Math.min(batchSize, total - done))
      .execute();
    if (rows.length === 0) break;
    cursor = rows.at(-1)?.lens_id ?? cursor;
    const generatedAt = new Date();
    const texts = await Promise.all(
      rows.map(async (row): Promise<(GeneratedText & { lens_id: string }) | undefined> => {
        try {
          return { lens_id: row.lens_id, ...(await summarizer.summarize(summarizerInputOf(row))) };
        } catch (error) {
          options.onEnrichFailed?.(row.lens_id, error);
          return undefined;
        }
      }),
    );
    const written = texts.filter((text) => text !== undefined);
    if (written.length > 0) {
      const payload = JSON.stringify(
        written.map((text) => ({
          lens_id: text.lens_id,
          ai_title: text.title,
          ai_summary: text.summary,
          ai_types: text.types,
          ai_uses: text.uses,
        })),
      );
      // The row must still lack AI text: an import may have written newer text meanwhile.
      await sql`
        UPDATE patents p SET ai_title = t.ai_title, ai_summary = t.ai_summary, ai_types = array_to_string(t.ai_types, E'\\x1F'), ai_uses = array_to_string(t.ai_uses, E'\\x1F'), ai_generated_at = ${generatedAt}
        FROM jsonb_to_recordset(${payload}::jsonb) AS t(lens_id text, ai_title text, ai_summary text, ai_types text[], ai_uses text[])
        WHERE p.lens_id = t.lens_id AND p.ai_generated_at IS NULL`.execute(db);
    }
    done += rows.length;
    enriched += written.length;
    options.onProgress?.({ done, total, enriched, elapsedMs: performance.now() - started });
  }
  return {
    enriched,
    failed: done - enriched,
    remaining: await countPending(db),
    elapsedMs: performance.now() - started,
    interrupted,
  };
}
