import { parseArgs } from 'node:util';
import { createDb, migrateToLatest } from '@patentscout/server/db/client';
import type { NewPatent } from '@patentscout/server/db/tables';
import { upsertPatents } from './load/patent-writer.js';
import { indexRecords, type IndexProgress } from './pipeline.js';
import { generatePatents } from './sources/generator.js';

const USAGE = `Usage: npm run index -- <command> [options]

Commands:
  generate   Generate realistic patents and load them into the database.

Options of generate:
  --count N            how many patents to generate (required)
  --seed S             seed of the generator; the same seed gives the same patents (default 1)
  --database-url URL   PostgreSQL connection string (required unless --dry-run);
                       npm start prints the URL of its embedded database
  --dry-run            generate, normalize and enrich without writing anything, to measure speed
  --help               show this help`;

/** A mistake in the command line: reported with the usage text and exit code 2. */
class UsageError extends Error {}

interface GenerateCommand {
  count: number;
  seed: number;
  databaseUrl: string | undefined;
  dryRun: boolean;
}

function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min) throw new UsageError(`--${name} must be a whole number of at least ${min}, not "${text}"`);
  return value;
}

function parseCommand(argv: string[]): GenerateCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        count: { type: 'string' },
        seed: { type: 'string', default: '1' },
        'database-url': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const [command, ...extra] = positionals;
  if (command === undefined) throw new UsageError('a command is required');
  if (command !== 'generate') throw new UsageError(`unknown command "${command}"`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra.join(' ')}"`);
  if (values.count === undefined) throw new UsageError('--count is required');
  const databaseUrl = values['database-url'];
  if (!values['dry-run'] && !databaseUrl) throw new UsageError('--database-url is required (or --dry-run to write nothing)');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new UsageError('--database-url must start with postgres:// or postgresql://');
  return { count: wholeNumber('count', values.count, 1), seed: wholeNumber('seed', values.seed, 0), databaseUrl, dryRun: values['dry-run'] };
}

const formatNumber = (value: number) => Math.round(value).toLocaleString('en-US');
const ratePerSecond = (done: number, elapsedMs: number) => (elapsedMs > 0 ? (done * 1000) / elapsedMs : 0);

/** One line rewritten in place on a terminal; a line per tenth of the work in a log. */
function progressReporter(stream: NodeJS.WriteStream): (progress: IndexProgress) => void {
  let lastTenth = -1;
  return ({ done, total, elapsedMs }) => {
    const line = `  ${formatNumber(done)}${total ? ` / ${formatNumber(total)}` : ''} patents  ${formatNumber(ratePerSecond(done, elapsedMs))}/s`;
    if (stream.isTTY) {
      stream.write(`\r${line}`);
      return;
    }
    const tenth = total ? Math.floor((done * 10) / total) : lastTenth + 1;
    if (tenth > lastTenth) stream.write(`${line}\n`);
    lastTenth = tenth;
  };
}

async function generate(command: GenerateCommand): Promise<void> {
  const records = generatePatents({ count: command.count, seed: command.seed });
  const onProgress = progressReporter(process.stderr);
  const db = command.databaseUrl ? createDb(command.databaseUrl) : undefined;
  try {
    if (db) await migrateToLatest(db);
    const write = db ? (rows: NewPatent[]) => upsertPatents(db, rows) : async () => undefined;
    const { indexed, elapsedMs } = await indexRecords({ records, total: command.count, write, onProgress });
    if (process.stderr.isTTY) process.stderr.write('\n');
    const what = db ? 'Generated and loaded' : 'Generated, normalized and enriched (dry run, nothing written)';
    console.log(`${what} ${formatNumber(indexed)} patents (seed ${command.seed}) in ${(elapsedMs / 1000).toFixed(1)} s: ${formatNumber(ratePerSecond(indexed, elapsedMs))} patents/s.`);
  } finally {
    await db?.destroy();
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command === 'help') console.log(USAGE);
    else await generate(command);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
