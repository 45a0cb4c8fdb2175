import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCodegen } from '../../scripts/codegen.js';

/**
 * `npm run bench:search` (search-run.ts). The server it starts imports the generated GraphQL
 * types, so they are generated first, when missing or stale, as `npm start` does: a fresh clone
 * runs the benchmark as it is.
 */
ensureCodegen(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), (line) =>
  process.stdout.write(`${line}\n`),
);
await import('./search-run.js');
