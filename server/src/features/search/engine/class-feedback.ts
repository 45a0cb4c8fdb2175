import { ipcMainGroup } from '@patentscout/schema';
import { CLASS_FEEDBACK } from './plan.js';

/**
 * The classes an AI search's own first results agree on, and those results ordered again by them
 * (ADR 0190): pseudo-relevance feedback by classification. A plain-language text's words and
 * meaning bring its subject's patents among the first results, mixed with patents that share a
 * word of it by chance ("healthy" and "winter" in "a way to keep bees healthy in winter"). The
 * subject's patents share IPC main groups, the chance ones scatter; so the groups the first
 * results vote for most name the subject, and their patents rise. Learned from the answer itself:
 * nothing is stored, nothing downloads.
 */

const groupsOf = (symbols: readonly string[]): string[] => [
  ...new Set(symbols.map(ipcMainGroup).filter((group): group is string => group !== null)),
];

/**
 * How much a text of `words` weighed words is a subject rather than one invention's description:
 * 1 up to `fullUpTo` words, 0 from `noneFrom`, linear between.
 */
export function subjectBreadth(
  words: number,
  tuning: { fullUpTo: number; noneFrom: number } = CLASS_FEEDBACK,
): number {
  return Math.min(1, Math.max(0, (tuning.noneFrom - words) / (tuning.noneFrom - tuning.fullUpTo)));
}

/** Each main group's votes among the first `depth` hits, each hit's weighed by 1 / sqrt(rank). */
export function groupVotes(
  hits: readonly { ipc_symbols: readonly string[] }[],
  depth: number = CLASS_FEEDBACK.depth,
): Map<string, number> {
  const votes = new Map<string, number>();
  hits.slice(0, depth).forEach((hit, index) => {
    for (const group of groupsOf(hit.ipc_symbols))
      votes.set(group, (votes.get(group) ?? 0) + 1 / Math.sqrt(index + 1));
  });
  return votes;
}

/**
 * `hits` (best first) with their first `depth` ordered again after the first: each by its score and its
 * agreement with the groups they vote for (the best of its groups' votes over the best group's),
 * times `uncovered` (0 to 1), the share of the text's weight the best match leaves uncovered.
 * The groups, best first, that gathered at least half the best's votes come with them when they
 * moved a result.
 */
export function orderByClassFeedback<Hit extends { ipc_symbols: readonly string[]; score: number }>(
  hits: Hit[],
  uncovered: number,
  tuning: { depth: number; share: number } = CLASS_FEEDBACK,
): { hits: Hit[]; groups: string[] } {
  const votes = groupVotes(hits, tuning.depth);
  const best = Math.max(0, ...votes.values());
  if (best === 0 || uncovered <= 0) return { hits, groups: [] };
  const weight = tuning.share * uncovered;
  const top = Math.max(1e-9, hits[0]!.score);
  const first = hits.slice(0, tuning.depth);
  const agreements = first.map((hit) => {
    const groups = groupsOf(hit.ipc_symbols);
    return groups.length === 0 ? null : Math.max(...groups.map((group) => votes.get(group) ?? 0)) / best;
  });
  // A patent without IPC symbols cannot be judged: it is given the classified patents' mean.
  const judged = agreements.filter((agreement): agreement is number => agreement !== null);
  const unknown = judged.reduce((sum, agreement) => sum + agreement, 0) / Math.max(1, judged.length);
  const pool = first.map((hit, index) => ({
    hit,
    index,
    score: hit.score / top + weight * (agreements[index] ?? unknown),
  }));
  // The best match by the text's own words and meaning stays first: the classes order what follows.
  const [lead, ...following] = pool;
  following.sort((left, right) => right.score - left.score || left.index - right.index);
  const ordered = [lead!, ...following];
  // The groups are named only when they moved a result: an explanation says what decided the order.
  if (ordered.every((entry, position) => entry.index === position)) return { hits, groups: [] };
  const groups = [...votes]
    .filter(([, vote]) => vote >= best / 2)
    .sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))
    .map(([group]) => group);
  return { hits: [...ordered.map((entry) => entry.hit), ...hits.slice(tuning.depth)], groups };
}
