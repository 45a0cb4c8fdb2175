import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { queryStack, ROOT, startStack, untilHealthy } from '../faults/local-stack.js';
import { benchAccount, median, ms } from './bench-account.js';
import { installRenderProbe, readRenderTrace, TRACE_CATEGORIES, type RenderFigures } from './render-trace.js';

/**
 * `npm run bench:results-render`: the main-thread time Chromium spends drawing a 500-item answer,
 * from the search's answer to the frame with the first 20 result cards, through the app as
 * `npm start` runs it (its production build, a 3,000-patent demo corpus) and Debian's Chromium.
 * A user types an AI search on the search page and presses Enter, as in the journey test; a trace
 * of the renderer gives the tasks between the answer and that frame, and on until the page is
 * quiet (the parts drawn later). Prints each round and the medians. Goal (issue 49): under 300 ms.
 */
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    /** Seconds after the cards during which the later parts (charts, counts) are traced. */
    quiet: { type: 'string', default: '3' },
    build: { type: 'boolean', default: true },
    /** Also print where each round's first render went, by trace event. */
    breakdown: { type: 'boolean', default: false },
    query: { type: 'string', default: 'a rechargeable lithium battery electrode with a longer life' },
  },
  allowNegative: true,
});
/** Its own copy of the app (the fault tests use copies 0-7, `bench:start` copy 9). */
const BENCH_COPY = 8;
const FIRST_CARDS = 20;
const say = (line: string) => process.stdout.write(`${line}\n`);

if (values.build) {
  say('Building the client (npm run build:client)...');
  const build = spawnSync('npm', ['run', 'build:client', '--silent'], { cwd: ROOT, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build:client failed');
}

const stack = startStack(BENCH_COPY, {
  DATA_DIR: path.join(ROOT, '.data', 'bench-results-render'),
  DEMO_CORPUS_SIZE: '3000',
  LOG_LEVEL: 'warn',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  await stack.ready;
  await untilHealthy(stack);
  const account = await benchAccount(stack.ports.emulator, stack);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(installRenderProbe, { operation: 'AiSearch', cards: FIRST_CARDS });
  await page.goto(stack.baseUrl);
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with Email' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Welcome back.').waitFor();

  const rounds: RenderFigures[] = [];
  // The first round warms the server's kept answer and the browser's caches; it is not counted.
  for (let round = 0; round <= Number(values.rounds); round += 1) {
    await page.goto(`${stack.baseUrl}/home`);
    const box = page.getByRole('textbox', { name: 'Describe what you are looking for' });
    await box.fill(values.query);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await box.press('Enter');
    await page.waitForFunction(() => performance.getEntriesByName('bench:painted').length > 0, null, {
      timeout: 120_000,
    });
    await page.waitForTimeout(Number(values.quiet) * 1000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as Parameters<
      typeof readRenderTrace
    >[0];
    const shown = await page.getByRole('article').count();
    const figures = readRenderTrace(trace);
    if (round === 0) {
      say(`warm-up: ${shown} cards, first render ${figures.firstRenderMs.toFixed(0)} ms`);
      continue;
    }
    rounds.push(figures);
    say(
      `round ${round}: first render ${ms(figures.firstRenderMs)} of main-thread tasks, ` +
        `${ms(figures.firstRenderCpuMs)} of CPU (${ms(figures.firstRenderWallMs)} wall, longest task ` +
        `${ms(figures.longestTaskMs)}); until quiet ${ms(figures.untilQuietMs)}, ${ms(figures.untilQuietCpuMs)} of CPU`,
    );
    if (values.breakdown)
      say(
        `  ${Object.entries(figures.breakdown)
          .sort((a, b) => b[1] - a[1])
          .map(([name, spent]) => `${name} ${spent.toFixed(0)}`)
          .join(', ')}`,
      );
  }
  const results = await queryStack<{ n: string }>(stack, 'SELECT count(*) AS n FROM patents');
  say('');
  const middle = (figure: keyof Omit<RenderFigures, 'breakdown'>) => ms(median(rounds.map((r) => r[figure])));
  say(
    '| median of rounds | first render: main-thread tasks | their CPU | longest task | until quiet: tasks | CPU |',
  );
  say('| --- | --- | --- | --- | --- | --- |');
  say(
    `| ${rounds.length} | ${middle('firstRenderMs')} | ${middle('firstRenderCpuMs')} | ` +
      `${middle('longestTaskMs')} | ${middle('untilQuietMs')} | ${middle('untilQuietCpuMs')} |`,
  );
  say(
    `(goal: first render under 300 ms; ${results[0]!.n} patents, Chromium ${browser.version()}, ` +
      `load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
  );
} finally {
  await browser.close();
  await stack.stop();
}
