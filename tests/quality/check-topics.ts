import { topicProblems } from './topic-check.js';
import { readTopicRecords, readTopics } from './topic-set.js';

/** `npm run check:topics`: the topical set (topics.json) keeps its rules (topic-check.ts). */
const topics = readTopics();
const problems = topicProblems(topics, await readTopicRecords(), true);
process.stdout.write(
  `${topics.length} topics over ${new Set(topics.map((topic) => topic.section)).size} IPC sections\n`,
);
if (problems.length > 0) {
  process.stdout.write(`${problems.length} problem(s):\n${problems.map((line) => `  ${line}`).join('\n')}\n`);
  process.exitCode = 1;
} else process.stdout.write('every rule holds\n');
