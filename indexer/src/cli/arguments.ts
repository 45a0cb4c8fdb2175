import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run index -- <command> [options]

Commands:
  generate --count N [--seed S]      generate N realistic demo patents and load them
  import PATH...                     load Lens files: an API response ({"data":[...]}), a JSON
                                     array or JSON Lines, gzipped or not; a folder loads every
                                     .json/.jsonl/.ndjson(.gz) file in it
  fetch [--query Q] [--since DATE]   load what the Lens API finds for a query (LENS_API_TOKEN),
        [--until DATE]               published from DATE on (default: where the last successful
                                     fetch of the same query started)
  enrich [--limit N]                 write AI text for patents that have none (OPENAI_* or offline)
  reindex                            derive the corpus's meaning again: word and patent vectors
                                     and the model AI search's meaning uses (ADR 0150)

Options:
  --database-url URL   PostgreSQL connection string (default: DATABASE_URL; without either,
                       the embedded database in ./.data/pg: npm start's while it runs,
                       otherwise started for the command and stopped after it)
  --no-enrich          leave AI text to the enrichment job (generate, import, fetch)
  --report FILE        write every skipped record with its reason to FILE as JSON Lines
  --dry-run            generate only: generate, normalize and enrich, write nothing
  --help               show this help

A run can be interrupted with Ctrl-C: batches already written stay written, and running the
same command again resumes safely (records already indexed are left unchanged).`;

/** A mistake in the command line: reported with the usage text and exit code 2. */
export class UsageError extends Error {}

interface Common {
  databaseUrl: string | undefined;
  enrich: boolean;
  reportFile: string | undefined;
}

export type Command =
  | ({ name: 'generate'; count: number; seed: number; dryRun: boolean } & Common)
  | ({ name: 'import'; paths: string[] } & Common)
  | ({ name: 'fetch'; query: string; since: string | undefined; until: string | undefined } & Common)
  | ({ name: 'enrich'; limit: number | undefined } & Common)
  | ({ name: 'reindex' } & Common)
  | { name: 'help' };

function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min}, not "${text}"`);
  return value;
}

function isoDate(name: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const time = Date.parse(`${text}T00:00:00Z`);
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
  if (!valid) throw new UsageError(`--${name} must be a date as YYYY-MM-DD, not "${text}"`);
  return text;
}

const OPTIONS = {
  count: { type: 'string' },
  seed: { type: 'string', default: '1' },
  query: { type: 'string', default: '' },
  since: { type: 'string' },
  until: { type: 'string' },
  limit: { type: 'string' },
  'database-url': { type: 'string' },
  'no-enrich': { type: 'boolean', default: false },
  report: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

/** Options each command accepts, beyond --database-url and --help. */
const ALLOWED: Record<string, readonly string[]> = {
  generate: ['count', 'seed', 'dry-run', 'no-enrich'],
  import: ['no-enrich', 'report'],
  fetch: ['query', 'since', 'until', 'no-enrich', 'report'],
  enrich: ['limit'],
  reindex: [],
};

export function parseCommand(argv: readonly string[], env: { databaseUrl?: string | undefined }): Command {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS, tokens: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals, tokens } = parsed;
  if (values.help) return { name: 'help' };
  const [name, ...rest] = positionals;
  if (name === undefined) throw new UsageError('a command is required');
  const allowed = ALLOWED[name];
  if (!allowed) throw new UsageError(`unknown command "${name}"`);
  for (const token of tokens) {
    if (token.kind === 'option' && token.name !== 'database-url' && !allowed.includes(token.name))
      throw new UsageError(`${name} does not take --${token.name}`);
  }
  if (name !== 'import' && rest.length > 0) throw new UsageError(`unexpected argument "${rest.join(' ')}"`);

  const command = commandOf(name, rest, values);
  const databaseUrl = values['database-url'] ?? env.databaseUrl;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new UsageError('--database-url must start with postgres:// or postgresql://');
  return { ...command, databaseUrl, enrich: !values['no-enrich'], reportFile: values.report } as Command;
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

function commandOf(name: string, rest: string[], values: Values) {
  switch (name) {
    case 'generate':
      if (values.count === undefined) throw new UsageError('--count is required');
      return {
        name,
        count: wholeNumber('count', values.count, 1),
        seed: wholeNumber('seed', values.seed, 0),
        dryRun: values['dry-run'],
      } as const;
    case 'import':
      if (rest.length === 0) throw new UsageError('import needs at least one file or folder');
      return { name, paths: rest } as const;
    case 'fetch': {
      const since = isoDate('since', values.since);
      const until = isoDate('until', values.until);
      if (since && until && until < since) throw new UsageError('--until must not be before --since');
      return { name, query: values.query.trim(), since, until } as const;
    }
    case 'reindex':
      return { name } as const;
    default:
      return {
        name: 'enrich',
        limit: values.limit === undefined ? undefined : wholeNumber('limit', values.limit, 1),
      } as const;
  }
}
