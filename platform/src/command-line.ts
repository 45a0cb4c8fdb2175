import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * The project's command lines (`npm run index`, `npm run admin`) read their words and options
 * here, with node's own `parseArgs`, so that both answer a mistake alike: one usage error class,
 * the same wording, the same exit codes.
 */

/** Exit codes: 0 done, 1 failed, 2 bad command line, 130 interrupted (the shell's code for Ctrl-C). */
export const EXIT = { done: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** A mistake in the command line: reported with the usage text and exit code 2. */
export class UsageError extends Error {}

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** A command's options, or a group of commands (`analyst-key create|revoke|list`) by name. */
type CommandSpec<Option> = readonly Option[] | Readonly<Record<string, readonly Option[]>>;

export interface CommandLineSpec<Options extends ParseArgsOptionsConfig> {
  /** Every option some command takes. */
  options: Options;
  /** Each command (or group of commands) by its word, with the options it takes. */
  commands: Readonly<Record<string, CommandSpec<keyof Options & string>>>;
  /** Options every command takes besides its own (`--database-url`, `--help`). */
  everywhere: readonly (keyof Options & string)[];
  /** Commands whose words may be followed by arguments (`import PATH...`); others take none. */
  withArguments?: readonly string[];
}

export type ParsedValues<Options extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: Options; allowPositionals: true; tokens: true }>
>['values'];

export interface CommandLine<Options extends ParseArgsOptionsConfig> {
  /** `--help` was given (where it is an option): nothing else was checked. */
  help: boolean;
  /** The command's words: `["generate"]`, `["analyst-key", "create"]`. */
  words: string[];
  values: ParsedValues<Options>;
  /** What follows the words (only for `withArguments` commands). */
  arguments: string[];
}

/** "a, b or c". */
const alternatives = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');

/** Reads a command line; every mistake in it is a UsageError that says what is wrong. */
export function readCommandLine<Options extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  spec: CommandLineSpec<Options>,
): CommandLine<Options> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: spec.options, tokens: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals, tokens } = parsed;
  if ((values as Record<string, unknown>).help === true)
    return { help: true, words: [], values, arguments: [] };

  const [first, ...afterFirst] = positionals;
  if (first === undefined) throw new UsageError('a command is required');
  const entry = Object.hasOwn(spec.commands, first) ? spec.commands[first] : undefined;
  if (!entry) throw new UsageError(`unknown command "${first}"`);
  let words = [first];
  let rest = afterFirst;
  let allowed: readonly string[];
  if (Array.isArray(entry)) {
    allowed = entry;
  } else {
    const group = entry as Readonly<Record<string, readonly string[]>>;
    const [name, ...afterName] = afterFirst;
    if (name === undefined) throw new UsageError(`${first} needs ${alternatives(Object.keys(group))}`);
    if (!Object.hasOwn(group, name)) throw new UsageError(`unknown ${first} command "${name}"`);
    words = [first, name];
    rest = afterName;
    allowed = group[name]!;
  }
  const command = words.join(' ');
  for (const token of tokens) {
    if (token.kind === 'option' && !spec.everywhere.includes(token.name) && !allowed.includes(token.name))
      throw new UsageError(`${command} does not take --${token.name}`);
  }
  if (rest.length > 0 && !spec.withArguments?.includes(command))
    throw new UsageError(`unexpected argument "${rest.join(' ')}"`);
  return { help: false, words, values, arguments: rest };
}

/** A PostgreSQL connection string given on a command line (or by DATABASE_URL), checked. */
export function databaseUrlOption(url: string): string {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new UsageError('--database-url must start with postgres:// or postgresql://');
  return url;
}

/**
 * Reports a failed run on stderr and answers its exit code: a usage mistake with the usage
 * text (2); a failure the user can act on (`isKnown`) as its one line, anything else with its
 * stack (1).
 */
export function reportFailure(
  error: unknown,
  options: { usage: string; isKnown(error: Error): boolean; stderr?: { write(text: string): unknown } },
): number {
  const stderr = options.stderr ?? process.stderr;
  if (error instanceof UsageError) {
    stderr.write(`Error: ${error.message}\n\n${options.usage}\n`);
    return EXIT.usage;
  }
  const message =
    error instanceof Error
      ? options.isKnown(error)
        ? error.message
        : (error.stack ?? error.message)
      : String(error);
  stderr.write(`\nError: ${message}\n`);
  return EXIT.failed;
}
