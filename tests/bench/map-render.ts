import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { queryStack, ROOT, startStack, untilHealthy } from '../faults/local-stack.js';
import { benchAccount, median, ms, percentile } from './bench-account.js';
import { installMapProbe, MAP_MARKS, twoBuilds, untilPlaced } from './map-probe.js';
import { readRenderTrace, TRACE_CATEGORIES, type RenderFigures } from './render-trace.js';

/**
 * `npm run bench:map-render`: the main-thread time Chromium spends from the switch to the Map view
 * until the map's canvas is drawn, through the app as `npm start` runs it (its production build,
 * a 3,000-patent demo corpus) and Debian's Chromium. A signed-in user runs an AI search answering
 * 500 families, waits for the list, and presses Map; a trace of the renderer gives the main
 * thread's tasks between the press and the frame after the canvas got its size and drawing (the
 * map's request is waited for, not counted: it is not the main thread's). Goal (issue 57): 200 ms.
 *
 * `--before <dir>`: a copy of another client build (`client/dist` of the code before a change);
 * the rounds then alternate between it and this build against one server (`twoBuilds`), so that
 * a before/after pair shares the machine's load.
 */
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    build: { type: 'boolean', default: true },
    breakdown: { type: 'boolean', default: false },
    before: { type: 'string' },
    query: { type: 'string', default: 'a rechargeable lithium battery electrode with a longer life' },
  },
  allowNegative: true,
});
/** The browser benchmarks' copy of the app (`bench:results-render` uses it too, not at once). */
const BENCH_COPY = 8;
const say = (line: string) => process.stdout.write(`${line}\n`);
const now = () => new Date().toISOString().slice(11, 19);

if (values.build) {
  say(`${now()} Building the client (npm run build:client)...`);
  const build = spawnSync('npm', ['run', 'build:client', '--silent'], { cwd: ROOT, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build:client failed');
}
const builds: ('this build' | 'before')[] = values.before ? ['this build', 'before'] : ['this build'];
const served = values.before
  ? twoBuilds(path.join(ROOT, 'client', 'dist'), path.resolve(values.before))
  : null;

const stack = startStack(BENCH_COPY, {
  DATA_DIR: path.join(ROOT, '.data', 'bench-map-render'),
  DEMO_CORPUS_SIZE: '3000',
  LOG_LEVEL: 'warn',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

/** One round: search, wait for the list, trace the switch to the map until it is drawn. */
async function round(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/home`);
  const box = page.getByRole('textbox', { name: 'Describe what you are looking for' });
  await box.fill(values.query);
  await box.press('Enter');
  await page.getByRole('article').nth(19).waitFor({ timeout: 120_000 });
  // The page settles (its later parts: chart strip, counts) before the switch is traced.
  await page.waitForTimeout(2_000);
  const mapAnswer = page.waitForResponse(
    (response) => (response.request().postData() ?? '').includes('"operationName":"ResultSetMap"'),
    { timeout: 180_000 },
  );
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.getByRole('group', { name: 'Show the results as' }).getByRole('button', { name: 'Map' }).click();
  const answer = (await (await mapAnswer).json()) as { data: { resultSet: { map: { points: unknown[] } } } };
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, MAP_MARKS.painted, {
    timeout: 60_000,
  });
  await page.waitForTimeout(500);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as Parameters<typeof readRenderTrace>[0];
  return { figures: readRenderTrace(trace, MAP_MARKS), points: answer.data.resultSet.map.points.length };
}

try {
  await stack.ready;
  await untilHealthy(stack);
  say(`${now()} The app is up; waiting for the corpus's meaning vectors (the map places only those)...`);
  const vectors = await untilPlaced(stack, say);
  const account = await benchAccount(stack.ports.emulator, stack);
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(installMapProbe);
  page.on('response', (response) => {
    if (response.status() >= 500) say(`${now()} ${response.status()} from ${response.url()}`);
  });
  await page.goto(stack.baseUrl);
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with Email' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  // On a loaded machine a part of the app may be restarting ("try again in a minute"): retried.
  for (let attempt = 1; ; attempt += 1) {
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = await page
      .getByText('Welcome back.')
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) break;
    if (attempt === 5) throw new Error('Could not sign in in 5 attempts (see the app part restarts).');
    say(`${now()} Sign-in not answered (attempt ${attempt}); trying again in 20 s...`);
    await page.waitForTimeout(20_000);
  }

  const rounds = new Map<string, RenderFigures[]>(builds.map((build) => [build, []]));
  let drawn = 0;
  // The first round (of each build) lays the map out and warms the caches; it is not counted.
  for (let index = 0; index < (Number(values.rounds) + 1) * builds.length; index += 1) {
    const build = builds[index % builds.length]!;
    served?.serve(build);
    const { figures, points } = await round(page, stack.baseUrl);
    drawn = points;
    const label = `${now()} ${build}, ${index < builds.length ? 'warm-up' : `round ${Math.floor(index / builds.length)}`}`;
    const load = os.loadavg()[0]!.toFixed(1);
    say(
      `${label}: ${points} points; switch to drawn map ${ms(figures.firstRenderMs)} of main-thread tasks, ` +
        `${ms(figures.firstRenderCpuMs)} of CPU (${ms(figures.firstRenderWallMs)} wall, longest task ` +
        `${ms(figures.longestTaskMs)}); load ${load}`,
    );
    if (values.breakdown)
      say(
        `  ${Object.entries(figures.breakdown)
          .sort((a, b) => b[1] - a[1])
          .map(([name, spent]) => `${name} ${spent.toFixed(0)}`)
          .join(', ')}`,
      );
    if (index >= builds.length) rounds.get(build)!.push(figures);
  }
  const patents = (await queryStack<{ n: string }>(stack, 'SELECT count(*) AS n FROM patents'))[0]!.n;
  say('');
  say('| build | rounds | tasks: median | p95 | CPU: median | p95 | longest task: median |');
  say('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, figures] of rounds) {
    const of = (figure: 'firstRenderMs' | 'firstRenderCpuMs' | 'longestTaskMs') =>
      figures.map((r) => r[figure]);
    say(
      `| ${name} | ${figures.length} | ${ms(median(of('firstRenderMs')))} | ${ms(percentile(of('firstRenderMs'), 0.95))} | ` +
        `${ms(median(of('firstRenderCpuMs')))} | ${ms(percentile(of('firstRenderCpuMs'), 0.95))} | ` +
        `${ms(median(of('longestTaskMs')))} |`,
    );
  }
  say(
    `(goal: under 200 ms of main-thread time; ${drawn} points drawn, ${vectors} of ${patents} patents with a ` +
      `meaning vector, Chromium ${browser.version()}, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} ` +
      `on ${os.availableParallelism()} cores)`,
  );
} finally {
  served?.restore();
  await browser.close();
  await stack.stop();
}
