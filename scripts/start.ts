import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCodegen } from './codegen.js';
import { exitOnStartFailure } from './start-failure.js';

/**
 * `npm start`: the GraphQL types first (the server imports them), then the app with its embedded
 * parts (start-app.ts, loaded only once the types exist).
 */
const started = Date.now();
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
try {
  ensureCodegen(rootDir, (line) => process.stdout.write(`${line}\n`));
  const { startLocalStack } = await import('./start-app.js');
  await startLocalStack(started);
} catch (error) {
  exitOnStartFailure(error);
}
