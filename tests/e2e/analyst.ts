import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from './fixtures.js';
import { E2E_DATABASE_URL } from './e2e-env.js';

const run = promisify(execFile);

/** `npm run admin -- analyst-key create` against the end-to-end database; answers the key. */
export async function makeAnalyst(email: string): Promise<string> {
  const { stdout } = await run(
    'npx',
    [
      'tsx',
      'server/src/admin/cli.ts',
      'analyst-key',
      'create',
      '--email',
      email,
      '--database-url',
      E2E_DATABASE_URL,
    ],
    { cwd: new URL('../..', import.meta.url).pathname, timeout: 60_000 },
  );
  const key = /psk_[A-Za-z0-9_-]{43}/.exec(stdout)?.[0];
  expect(key, stdout).toBeDefined();
  return key!;
}
