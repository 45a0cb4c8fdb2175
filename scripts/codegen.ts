import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The files graphql-codegen reads (codegen.yml): the schema, and the client's documents. */
function codegenInputs(rootDir: string): string[] {
  const files: string[] = [path.join(rootDir, 'codegen.yml')];
  const visit = (dir: string, keep: (name: string) => boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const target = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__generated__' && entry.name !== 'node_modules') visit(target, keep);
      } else if (keep(entry.name)) files.push(target);
    }
  };
  visit(path.join(rootDir, 'schema', 'src'), (name) => name.endsWith('.graphql'));
  visit(path.join(rootDir, 'client', 'src'), (name) => /\.(tsx?|graphql)$/.test(name));
  return files.sort();
}

const OUTPUTS = ['server/src/__generated__/resolvers-types.ts', 'client/src/__generated__/graphql.ts'];

/**
 * Runs graphql-codegen only when its inputs changed since the last run (a content hash kept in
 * node_modules/.cache), and says so in one line either way; its own output only on failure.
 */
export function ensureCodegen(rootDir: string, say: (line: string) => void): void {
  const hash = createHash('sha256');
  for (const file of codegenInputs(rootDir)) hash.update(file).update(readFileSync(file));
  const digest = hash.digest('hex');
  const stampDir = path.join(rootDir, 'node_modules', '.cache', 'patentscout');
  const stamp = path.join(stampDir, 'codegen.sha256');
  const outputsExist = OUTPUTS.every((output) => existsSync(path.join(rootDir, output)));
  if (outputsExist && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) {
    say('GraphQL types: up to date.');
    return;
  }
  const started = Date.now();
  const codegen = spawnSync(
    process.execPath,
    [
      path.join(rootDir, 'node_modules', '@graphql-codegen', 'cli', 'cjs', 'bin.js'),
      '--config',
      'codegen.yml',
      '--silent',
    ],
    { cwd: rootDir, encoding: 'utf8' },
  );
  if (codegen.status !== 0) {
    process.stderr.write(`${codegen.stdout}${codegen.stderr}`);
    throw new Error('graphql-codegen failed (its output is above): fix the schema or the query it names.');
  }
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(stamp, digest);
  say(
    `GraphQL types: generated in ${((Date.now() - started) / 1000).toFixed(1)} s (the schema or a query changed).`,
  );
}
