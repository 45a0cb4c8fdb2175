import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** Newest modification time under the given paths (files or folders), skipping generated output. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(target)) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(target, entry));
      }
    } else {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

/** Builds the client when its build is missing or older than any of its sources. */
export async function ensureClientBuild(
  rootDir: string,
  log: (message: string) => void,
): Promise<'fresh' | 'built'> {
  const clientDir = path.join(rootDir, 'client');
  const builtIndex = path.join(clientDir, 'dist', 'index.html');
  const sources = [
    path.join(clientDir, 'src'),
    path.join(clientDir, 'index.html'),
    path.join(clientDir, 'vite.config.ts'),
    path.join(rootDir, 'schema', 'src'),
  ];
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= newestMtime(sources)) return 'fresh';
  log('Building the client (missing or out of date), beside the rest of the start...');
  const started = Date.now();
  // Another process: the build keeps one core busy while this one starts the database and the
  // emulator, and Vite's production NODE_ENV stays out of the server's process.
  const vite = path.join(
    path.dirname(createRequire(path.join(clientDir, 'package.json')).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const output = await new Promise<string>((resolve, reject) => {
    // NOTE: NODE_ENV=production whatever the server's own: under NODE_ENV=development Vite would
    // bundle React's development build.
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'error'], {
      cwd: clientDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(text)
        : reject(
            new Error(
              `The client build failed (vite build in client/, exit code ${code}):\n${text.slice(-3000)}`,
            ),
          ),
    );
  });
  if (output.trim()) log(output.trim());
  log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 'built';
}
