import { pathToFileURL } from 'node:url';
import { paraphraseProblems } from './paraphrase-check.js';
import { PARAPHRASE_FILE, readParaphrases } from './paraphrase-set.js';

/**
 * `npm run check:paraphrases [-- FILE]`: the paraphrase set keeps its rules (paraphrase-check.ts).
 * A part of the set being written may be checked alone: then only each entry's rules apply.
 */
const part = process.argv[2];
const entries = readParaphrases(part ? pathToFileURL(part) : PARAPHRASE_FILE);
const problems = await paraphraseProblems(entries, !part);
process.stdout.write(
  `${entries.length} paraphrases over ${new Set(entries.map((entry) => entry.area)).size} areas\n`,
);
if (problems.length > 0) {
  process.stdout.write(`${problems.length} problem(s):\n${problems.map((line) => `  ${line}`).join('\n')}\n`);
  process.exitCode = 1;
} else process.stdout.write('every rule holds\n');
