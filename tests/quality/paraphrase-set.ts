import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { readSharedPatents } from '@patentscout/schema/testing/shared-patents';

/**
 * The paraphrase set: real patents of `../shared/data` described in plain words, as a person who
 * knows the invention but not its wording would search for it (ADR 0141).
 */
export const PARAPHRASE_FILE = new URL('./paraphrases.json', import.meta.url);

const entrySchema = z.object({
  /** The record's `id` in `../shared/data` (unique there). */
  id: z.string().min(1),
  /** The subject area it was drawn from (the source query of its dataset). */
  area: z.string().min(1),
  query: z.string().min(20).max(400),
});
export type Paraphrase = z.infer<typeof entrySchema>;

export function readParaphrases(file: URL = PARAPHRASE_FILE): Paraphrase[] {
  return z.array(entrySchema).parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** What a target is searched against: its key in the product, title and abstract as imported. */
export interface ParaphraseTarget {
  key: string;
  title: string;
  abstract: string;
}

interface SharedRecord {
  id: string;
  lens_id?: string;
  jurisdiction: string;
  doc_number: string;
  kind?: string;
  date_published: string;
  biblio: { invention_title?: { text: string; lang?: string }[] };
  abstract?: { text: string; lang?: string }[];
}

const english = <T extends { lang?: string }>(items: T[] | undefined): T[] => {
  const all = items ?? [];
  const en = all.filter((item) => item.lang === 'en');
  return en.length > 0 ? en : all.slice(0, 1);
};

/** The shared records that the given ids name, read from `../shared/data`. */
export async function readTargets(ids: ReadonlySet<string>): Promise<Map<string, ParaphraseTarget>> {
  const { patentKey } = await import('@patentscout/schema');
  const targets = new Map<string, ParaphraseTarget>();
  for await (const { value } of readSharedPatents()) {
    const record = value as SharedRecord;
    if (!ids.has(record.id)) continue;
    targets.set(record.id, {
      key: patentKey(record as Parameters<typeof patentKey>[0]),
      title: english(record.biblio.invention_title)[0]?.text ?? '',
      abstract: english(record.abstract)
        .map((paragraph) => paragraph.text)
        .join('\n\n'),
    });
  }
  return targets;
}
