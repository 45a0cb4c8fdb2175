import { databaseUrlOption, readCommandLine, UsageError, type ParsedValues } from '@patentscout/platform';

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

/** Each command and the options it takes, beyond --database-url and --help. */
const COMMANDS = {
  generate: ['count', 'seed', 'dry-run', 'no-enrich'],
  import: ['no-enrich', 'report'],
  fetch: ['query', 'since', 'until', 'no-enrich', 'report'],
  enrich: ['limit'],
  reindex: [],
} as const;

export function parseCommand(argv: readonly string[], env: { databaseUrl?: string | undefined }): Command {
  const line = readCommandLine(argv, {
    options: OPTIONS,
    commands: COMMANDS,
    everywhere: ['database-url', 'help'],
    withArguments: ['import'],
  });
  if (line.help) return { name: 'help' };
  const { words, values } = line;
  const command = commandOf(words[0] as keyof typeof COMMANDS, line.arguments, values);
  const databaseUrl = values['database-url'] ?? env.databaseUrl;
  return {
    ...command,
    databaseUrl: databaseUrl ? databaseUrlOption(databaseUrl) : databaseUrl,
    enrich: !values['no-enrich'],
    reportFile: values.report,
  } as Command;
}

function commandOf(name: keyof typeof COMMANDS, rest: string[], values: ParsedValues<typeof OPTIONS>) {
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
    case 'enrich':
      return {
        name,
        limit: values.limit === undefined ? undefined : wholeNumber('limit', values.limit, 1),
      } as const;
  }
}
