import { MAX_SHARED_STEMS, sharedStems } from './paraphrase-rule.js';
import { readTargets, type Paraphrase } from './paraphrase-set.js';

/** The set's size and subject areas (the source queries of `../shared/data`'s datasets). */
export const MIN_TARGETS = 150;
export const AREAS = [
  'neural networks and AI',
  'baseball',
  'drones',
  'jet engines',
  'pizza and food (broad full text)',
  'ritonavir',
  'genome editing',
  'biopolymers',
];

/**
 * What breaks the paraphrase set's rules: a target listed twice or missing from
 * `../shared/data`, a description sharing more than two word stems with its target's title and
 * abstract, and (for the whole set, `complete`) fewer than 150 targets or an area left out.
 */
export async function paraphraseProblems(entries: Paraphrase[], complete: boolean): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.id)) problems.push(`${entry.id}: listed twice`);
    seen.add(entry.id);
  }
  const targets = await readTargets(seen);
  for (const entry of entries) {
    const target = targets.get(entry.id);
    if (!target) {
      problems.push(`${entry.id}: no such record in ../shared/data`);
      continue;
    }
    const shared = sharedStems(entry.query, target);
    if (shared.length > MAX_SHARED_STEMS)
      problems.push(
        `${entry.id}: shares ${shared.length} stems (${shared.join(', ')}) with "${target.title}"`,
      );
  }
  if (!complete) return problems;
  for (const area of AREAS)
    if (!entries.some((entry) => entry.area === area)) problems.push(`no target from the area "${area}"`);
  if (entries.length < MIN_TARGETS) problems.push(`${entries.length} targets, fewer than ${MIN_TARGETS}`);
  return problems;
}
