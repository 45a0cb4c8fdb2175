import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * `npm test`: every check the project has, in order, stopping at the first failure. The browser
 * tests need Debian's Chromium and the one-shot report test Poppler's pdftoppm; where one is
 * missing it is installed (root with apt-get) or the run stops with instructions.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Step {
  name: string;
  command: string;
  args: string[];
}

const steps: Step[] = [
  { name: 'codegen', command: 'npm', args: ['run', 'codegen', '--silent'] },
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck', '--silent'] },
  { name: 'lint', command: 'npm', args: ['run', 'lint', '--silent'] },
  { name: 'unit and integration tests (Vitest)', command: 'npx', args: ['vitest', 'run'] },
  {
    name: 'end-to-end tests (Playwright + Chromium)',
    command: 'npx',
    args: ['playwright', 'test', '--config', 'tests/e2e/playwright.config.ts'],
  },
];

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

/**
 * A Debian package a test step needs: installed with apt-get where it is missing and the run is
 * root's, otherwise the run stops and says how. Tests that need it are never skipped silently.
 */
function ensureDebianTool(tool: {
  path: string;
  debianPackage: string;
  why: string;
  variable?: string;
}): void {
  if (existsSync(tool.path)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  const instead = tool.variable ? `, or set ${tool.variable}` : '';
  if (!isRoot || !hasApt) {
    process.stderr.write(
      `${tool.path} is missing; ${tool.why}.\n` +
        `Install Debian's package (as root: apt-get update && apt-get install -y ${tool.debianPackage})${instead}.\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`${tool.path} is missing: installing Debian's ${tool.debianPackage} package...\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', tool.debianPackage], {
    stdio: 'inherit',
    env,
  });
  if (update.status !== 0 || install.status !== 0 || !existsSync(tool.path)) {
    process.stderr.write(
      `Installing ${tool.debianPackage} failed; install it by hand (apt-get install -y ${tool.debianPackage}) and run npm test again.\n`,
    );
    process.exit(1);
  }
}

const CHROMIUM_TOOL = {
  path: CHROMIUM,
  debianPackage: 'chromium',
  why: 'the browser tests need it',
  variable: 'CHROMIUM_PATH',
};
const PDFTOPPM_TOOL = {
  path: '/usr/bin/pdftoppm',
  debianPackage: 'poppler-utils',
  why: 'the one-shot report test renders the PDF with it',
};

const timings: string[] = [];
const started = Date.now();
for (const step of steps) {
  if (step.name.startsWith('unit')) ensureDebianTool(PDFTOPPM_TOOL);
  if (step.name.startsWith('end-to-end')) ensureDebianTool(CHROMIUM_TOOL);
  process.stdout.write(`\n=== ${step.name} ===\n`);
  const stepStarted = Date.now();
  const status = run(step.command, step.args);
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  timings.push(`  ${status === 0 ? 'ok  ' : 'FAIL'} ${step.name} (${seconds} s)`);
  if (status !== 0) {
    process.stdout.write(`\n${timings.join('\n')}\nnpm test failed at: ${step.name}\n`);
    process.exit(status);
  }
}
process.stdout.write(
  `\n${timings.join('\n')}\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
);
