import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { busyLoops, startStack, type LocalStack } from '../faults/local-stack.js';

/**
 * `npm run bench:start`: how long `npm start` takes to the first page, from a clean checkout
 * (no generated types, no client build, no codegen record, an empty data folder: everything a
 * fresh clone does after `npm install`) and on a restart, on the machine as it is and under busy
 * loops on every core (`--modes quiet,pressure`). Prints a table, and the machine's load.
 * Goals (issue 31): first page within 90 s on a quiet machine, a restart within 15 s.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    modes: { type: 'string', default: 'quiet,pressure' },
    corpus: { type: 'string', default: '20000' },
  },
});
const modes = values.modes.split(',').filter((mode) => mode === 'quiet' || mode === 'pressure');
/** Its own ports, apart from the fault tests' copies (startStack's copy 9), and its own folder. */
const BENCH_COPY = 9;
const DATA_DIR = path.join(ROOT, '.data', 'bench-start');
const say = (line: string) => process.stdout.write(`${line}\n`);

async function cleanCheckout(): Promise<void> {
  for (const target of [
    'client/dist',
    'client/src/__generated__',
    'server/src/__generated__',
    'node_modules/.cache/patentscout',
    DATA_DIR,
  ])
    await rm(path.resolve(ROOT, target), { recursive: true, force: true });
}

/** Starts `npm start` and answers the seconds until `/` serves the page (the client's HTML). */
async function startToFirstPage(): Promise<{ seconds: number; stack: LocalStack }> {
  const started = Date.now();
  const stack = startStack(BENCH_COPY, { DATA_DIR, DEMO_CORPUS_SIZE: values.corpus, LOG_LEVEL: 'warn' });
  for (;;) {
    if (stack.child.exitCode !== null)
      throw new Error(`npm start exited (${stack.child.exitCode}):\n${stack.output()}`);
    const page = await fetch(`${stack.baseUrl}/`).catch(() => undefined);
    if (page?.ok && (await page.text()).includes('<div id="root">'))
      return { seconds: (Date.now() - started) / 1000, stack };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const rows: string[] = [];
for (const mode of modes) {
  const loops = mode === 'pressure' ? busyLoops() : undefined;
  try {
    await cleanCheckout();
    const load = os.loadavg()[0]!.toFixed(1);
    say(`${mode}: first start from a clean checkout (load ${load} on ${os.availableParallelism()} cores)...`);
    const first = await startToFirstPage();
    const waits = first.stack.output().match(/^Waiting for .*$/gm) ?? [];
    await first.stack.stop();
    say(`${mode}: restart...`);
    const again = await startToFirstPage();
    await again.stack.stop();
    rows.push(
      `| ${mode} | ${load} | ${first.seconds.toFixed(1)} s | ${again.seconds.toFixed(1)} s | ${waits.length} |`,
    );
  } finally {
    loops?.kill();
  }
}
say('');
say(
  '| machine | load at start (1 min) | first start to first page | restart to first page | "Waiting for" lines (first start) |',
);
say('| --- | --- | --- | --- | --- |');
rows.forEach((row) => say(row));
say(`(goals: first page within 90 s on a quiet machine, restart within 15 s; ${values.corpus} demo patents)`);
