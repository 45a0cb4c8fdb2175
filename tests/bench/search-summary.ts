import type { CorpusLoad } from './bench-corpus.js';
import type { SpeedFigures, TotalsFigures } from './search-measure.js';
import type { StorageReport } from './storage.js';

/** Everything measured at one corpus size. */
export interface SizeFigures {
  size: number;
  corpus?: CorpusLoad;
  storage?: StorageReport;
  speed?: Record<string, SpeedFigures>;
  totals?: TotalsFigures;
  quality?: { found: number; of: number };
}

/** The targets of issue 35 at a million patents, and how cost may grow from a million to three. */
const TARGETS = {
  size: 1_000_000,
  perSecond: { ai: 54, boolean: 60 },
  firstPassP95Ms: 100,
  bytesPerPatent: 4_000,
  p95Growth: 2,
  ingestChange: 0.15,
} as const;

const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(1));
const kindLabel = { ai: 'AI', boolean: 'advanced' } as const;

/** The figures of one kind: REST's when measured, else the first transport's. */
function speedOf(figures: SizeFigures, kind: 'ai' | 'boolean'): SpeedFigures | undefined {
  const speed = figures.speed ?? {};
  return speed[`${kind}/rest`] ?? Object.entries(speed).find(([key]) => key.startsWith(`${kind}/`))?.[1];
}

const bytesPerPatent = (storage: StorageReport | undefined) =>
  storage
    ? storage.tables.reduce((sum, table) => sum + table.total, 0) / Math.max(storage.patents, 1)
    : undefined;

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** The summary: one line a size, the growth between sizes, and the targets at a million. */
export function printSummary(all: SizeFigures[], say: (line: string) => void): void {
  say('\n=== Summary ===');
  say(
    '  patents      AI p50 / p95 / p99 ms   AI/s  AI 1st p95   adv p50 / p95 / p99 ms  adv/s  adv 1st p95  known-item  worst total  bytes/patent  ingest/s',
  );
  for (const figures of all) {
    const ai = speedOf(figures, 'ai');
    const adv = speedOf(figures, 'boolean');
    const cells = [
      figures.size.toLocaleString('en').padStart(9),
      `${ms(ai?.p50)} / ${ms(ai?.p95)} / ${ms(ai?.p99)}`.padStart(24),
      (ai?.perSecond.toFixed(1) ?? '-').padStart(6),
      ms(ai?.coldP95).padStart(11),
      `${ms(adv?.p50)} / ${ms(adv?.p95)} / ${ms(adv?.p99)}`.padStart(24),
      (adv?.perSecond.toFixed(1) ?? '-').padStart(6),
      ms(adv?.coldP95).padStart(12),
      (figures.quality ? `${figures.quality.found}/${figures.quality.of}` : '-').padStart(11),
      (figures.totals?.worst.ratio.toFixed(3) ?? '-').padStart(12),
      (bytesPerPatent(figures.storage)?.toFixed(0) ?? '-').padStart(13),
      (figures.corpus ? Math.round(figures.corpus.recordsPerSecond).toLocaleString('en') : '-').padStart(9),
    ];
    say(`  ${cells.join(' ')}`);
  }

  for (let index = 1; index < all.length; index += 1) {
    const [before, after] = [all[index - 1]!, all[index]!];
    const factor = after.size / before.size;
    const parts = (['ai', 'boolean'] as const).flatMap((kind) => {
      const [from, to] = [speedOf(before, kind), speedOf(after, kind)];
      return from && to
        ? [
            `${kindLabel[kind]} p95 x${(to.p95 / from.p95).toFixed(2)} (first pass x${(to.coldP95 / from.coldP95).toFixed(2)})`,
          ]
        : [];
    });
    if (before.corpus && after.corpus)
      parts.push(
        `ingest rate x${(after.corpus.recordsPerSecond / before.corpus.recordsPerSecond).toFixed(2)}`,
      );
    say(
      `  growth ${before.size.toLocaleString('en')} -> ${after.size.toLocaleString('en')} (x${factor}): ${parts.join(', ') || '-'}`,
    );
    if (before.size === TARGETS.size && after.size === 3 * TARGETS.size) {
      const checks = (['ai', 'boolean'] as const).flatMap((kind) => {
        const [from, to] = [speedOf(before, kind), speedOf(after, kind)];
        return from && to
          ? [
              `${kindLabel[kind]} p95 at most x${TARGETS.p95Growth}: ${verdict(to.p95 <= TARGETS.p95Growth * from.p95)}`,
            ]
          : [];
      });
      if (before.corpus && after.corpus) {
        const change = after.corpus.recordsPerSecond / before.corpus.recordsPerSecond - 1;
        checks.push(
          `ingest rate at most ${TARGETS.ingestChange * 100} % lower: ${verdict(change >= -TARGETS.ingestChange)}`,
        );
      }
      say(`    targets: ${checks.join('; ')}`);
    }
  }

  const million = all.find((figures) => figures.size === TARGETS.size);
  if (!million) return;
  const checks = (['ai', 'boolean'] as const).flatMap((kind) => {
    const figures = speedOf(million, kind);
    if (!figures) return [];
    return [
      `${kindLabel[kind]} ${figures.perSecond.toFixed(1)}/s against >= ${TARGETS.perSecond[kind]} (${verdict(figures.perSecond >= TARGETS.perSecond[kind])})`,
      `${kindLabel[kind]} first-pass p95 ${ms(figures.coldP95)} ms against <= ${TARGETS.firstPassP95Ms} (${verdict(figures.coldP95 <= TARGETS.firstPassP95Ms)})`,
    ];
  });
  const bytes = bytesPerPatent(million.storage);
  if (bytes !== undefined)
    checks.push(
      `${bytes.toFixed(0)} bytes a patent against <= ${TARGETS.bytesPerPatent} (${verdict(bytes <= TARGETS.bytesPerPatent)})`,
    );
  say(`  targets at ${TARGETS.size.toLocaleString('en')}: ${checks.join('; ')}`);
}
