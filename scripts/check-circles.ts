import { cruise, type ICruiseOptions } from 'dependency-cruiser';

/**
 * Fails when an import closes a circle of more than two files (ADR 0158). Two files that import
 * each other are allowed (a type beside the table that uses it); a longer circle means a contract
 * that is not a leaf, and types that close circles through a registry. dependency-cruiser finds,
 * for every import that lies on a circle, the shortest circle through it: an import that lies
 * only on longer ones is reported with that circle. Type-only imports count: they tie files
 * together as much as any other.
 */
const ROOTS = [
  'platform/src',
  'schema/src',
  'db/src',
  'server/src',
  'indexer/src',
  'client/src',
  'tests',
  'scripts',
];
const MOST_FILES_IN_A_CIRCLE = 2;

const options: ICruiseOptions = {
  exclude: { path: ['node_modules', '/dist/'] },
  doNotFollow: { path: ['node_modules'] },
  validate: true,
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.base.json' },
  enhancedResolveOptions: {
    exportsFields: ['exports'],
    conditionNames: ['import', 'default'],
  },
  ruleSet: {
    forbidden: [{ name: 'no-circle', severity: 'error', from: {}, to: { circular: true } }],
  },
};

const { output } = await cruise(ROOTS, options);
if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a result');

const circles = new Map<string, string[]>();
for (const violation of output.summary.violations) {
  const files = [violation.from, ...(violation.cycle ?? []).map((step) => step.name)];
  const circle = [...new Set(files)];
  if (circle.length <= MOST_FILES_IN_A_CIRCLE) continue;
  circles.set([...circle].sort().join(' '), circle);
}

// Circles that share a file are one knot: each knot is named with its files and its circles.
const knots: Array<{ files: Set<string>; circles: string[][] }> = [];
for (const circle of circles.values()) {
  const touching = knots.filter((knot) => circle.some((file) => knot.files.has(file)));
  const knot = { files: new Set(circle), circles: [circle] };
  for (const other of touching) {
    other.files.forEach((file) => knot.files.add(file));
    knot.circles.push(...other.circles);
    knots.splice(knots.indexOf(other), 1);
  }
  knots.push(knot);
}

if (knots.length > 0) {
  console.error(`Import circles of more than ${MOST_FILES_IN_A_CIRCLE} files, in ${knots.length} knot(s):`);
  for (const knot of knots) {
    console.error(`- ${knot.files.size} files tied by ${knot.circles.length} circle(s), the shortest:`);
    const shortest = knot.circles.reduce((best, circle) => (circle.length < best.length ? circle : best));
    console.error(`  ${[...shortest, shortest[0]].join(' -> ')}`);
  }
  process.exit(1);
}
console.log(
  `No import circle of more than ${MOST_FILES_IN_A_CIRCLE} files (${output.summary.totalCruised} files read).`,
);
