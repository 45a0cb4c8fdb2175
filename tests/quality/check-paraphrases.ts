import { pathToFileURL } from 'node:url';
import { PARAPHRASE_FILE, readParaphrases, readTargets } from './paraphrase-set.js';
import { MAX_SHARED_STEMS, sharedStems } from './paraphrase-rule.js';

/**
 * `npm run check:paraphrases`: the paraphrase set keeps its rules: at least 150 targets, every
 * subject area of `../shared/data`, each target once and found there, and each description
 * sharing at most two word stems with its target's title and abstract.
 */
const MIN_TARGETS = 150;
const AREAS = [
  'neural networks and AI',
  'baseball',
  'drones',
  'jet engines',
  'pizza and food (broad full text)',
  'ritonavir',
  'genome editing',
  'biopolymers',
];

/** A part of the set being written may be checked alone (`-- FILE`): then only per-entry rules apply. */
const part = process.argv[2];
const entries = readParaphrases(part ? pathToFileURL(part) : PARAPHRASE_FILE);
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
    problems.push(`${entry.id}: shares ${shared.length} stems (${shared.join(', ')}) with "${target.title}"`);
}
if (!part)
  for (const area of AREAS)
    if (!entries.some((entry) => entry.area === area)) problems.push(`no target from the area "${area}"`);
if (!part && entries.length < MIN_TARGETS)
  problems.push(`${entries.length} targets, fewer than ${MIN_TARGETS}`);

process.stdout.write(
  `${entries.length} paraphrases over ${new Set(entries.map((entry) => entry.area)).size} areas\n`,
);
if (problems.length > 0) {
  process.stdout.write(`${problems.length} problem(s):\n${problems.map((line) => `  ${line}`).join('\n')}\n`);
  process.exitCode = 1;
} else process.stdout.write('every rule holds\n');
