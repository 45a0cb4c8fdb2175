import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild, type Plugin } from 'esbuild';

/**
 * `npm run build` (`--server`: the server bundle only; `--out DIR`: another folder inside the
 * repository): the production build in `dist/`. `dist/server.js` is the server, the indexer's
 * jobs and our workspace packages bundled by esbuild from `scripts/serve.ts`; npm packages stay
 * imports, resolved from `node_modules` (`npm ci --omit=dev`), since several read files of their
 * own at run time. `dist/scan-worker.js` is the meaning's scan thread. `dist/client/` is the client built by Vite. `--server` builds the server only.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `@scope/name/sub/path` -> `@scope/name`; `name/sub` -> `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Bare imports stay imports (resolved by Node from the root `node_modules` at run time), except
 * our workspace packages (TypeScript sources) and the few packages npm installed inside a
 * workspace's own `node_modules` (a version that differs from the root's): those are bundled,
 * since `dist/server.js` would otherwise find the root's version.
 */
function npmPackagesExternal(root: string): Plugin {
  const rootModules = path.join(root, 'node_modules');
  return {
    name: 'npm-packages-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        if (args.path.startsWith('@patentscout/')) return undefined;
        const name = packageOf(args.path);
        for (let dir = args.resolveDir; dir.startsWith(root); dir = path.dirname(dir)) {
          const modules = path.join(dir, 'node_modules');
          if (existsSync(path.join(modules, name)))
            return modules === rootModules ? { path: args.path, external: true } : undefined;
          if (dir === root) break;
        }
        return { path: args.path, external: true };
      });
    },
  };
}

/** `outDir` must lie inside the repository, so that Node finds `node_modules` above it. */
export async function buildServerBundle(
  outDir = path.join(rootDir, 'dist'),
  root = rootDir,
): Promise<string> {
  const outfile = path.join(outDir, 'server.js');
  // The meaning's scan threads (ADR 0176) run a script of their own, found beside the server's.
  await esbuild({
    entryPoints: [path.join(root, 'server/src/features/search/engine/meaning/scan-worker.ts')],
    outfile: path.join(outDir, 'scan-worker.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    legalComments: 'none',
  });
  await esbuild({
    // The map's worker thread (ADR 0179) is a file of its own beside the server, which it loads.
    entryPoints: {
      server: path.join(root, 'scripts', 'serve.ts'),
      'map-worker': path.join(root, 'server', 'src', 'features', 'maps', 'map-worker.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    jsx: 'automatic',
    plugins: [npmPackagesExternal(root)],
    // Bundled CommonJS code calls require(): give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
    legalComments: 'none',
  });
  return outfile;
}

export async function buildClientBundle(
  distDir = path.join(rootDir, 'dist'),
  root = rootDir,
): Promise<string> {
  const { build } = await import('vite');
  const outDir = path.join(distDir, 'client');
  const clientDir = path.join(root, 'client');
  await build({
    configFile: path.join(clientDir, 'vite.config.ts'),
    root: clientDir,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

async function main(args: string[]): Promise<void> {
  const started = Date.now();
  const serverOnly = args.includes('--server');
  const outIndex = args.indexOf('--out');
  const outDir = outIndex >= 0 ? path.resolve(args[outIndex + 1]!) : path.join(rootDir, 'dist');
  if (!serverOnly) await rm(outDir, { recursive: true, force: true });
  const server = await buildServerBundle(outDir);
  process.stdout.write(`Server bundle: ${path.relative(rootDir, server)}\n`);
  if (!serverOnly) {
    const client = await buildClientBundle(outDir);
    process.stdout.write(`Client build:  ${path.relative(rootDir, client)}/\n`);
  }
  process.stdout.write(
    `Built in ${((Date.now() - started) / 1000).toFixed(1)} s. Run: NODE_ENV=production node dist/server.js\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`Build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
