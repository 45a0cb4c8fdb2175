import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

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
  log('Building the client (missing or out of date)...');
  const started = Date.now();
  // Vite sets process.env.NODE_ENV to 'production' for its build; the server in this process must
  // keep its own (React's packages pick their build from it when first loaded, and a development
  // JSX runtime under a production renderer fails).
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ configFile: path.join(clientDir, 'vite.config.ts'), root: clientDir, logLevel: 'error' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 'built';
}
