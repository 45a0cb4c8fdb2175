import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running module `name` beside the caller (`from` is the caller's
 * `import.meta.url`): the JavaScript file the build ships beside the server's bundle
 * (scripts/build.ts), or, from the sources, the TypeScript file loaded through tsx's API as the
 * server's own sources are (Node 20 does not apply an `--import` loader to a worker's entry file).
 */
export function startModuleWorker(from: string, name: string): Worker {
  const built = new URL(`./${name}.js`, from);
  if (existsSync(built)) return new Worker(built);
  const source = JSON.stringify(new URL(`./${name}.ts`, from).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${source}); })`, {
    eval: true,
  });
}
