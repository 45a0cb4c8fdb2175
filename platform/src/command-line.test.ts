import { describe, expect, it } from 'vitest';
import { databaseUrlOption, EXIT, readCommandLine, reportFailure, UsageError } from './command-line.js';

const SPEC = {
  options: {
    count: { type: 'string' },
    force: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  commands: {
    generate: ['count'],
    import: [],
    key: { create: ['count'], revoke: ['force'], list: [] },
  },
  everywhere: ['database-url', 'help'],
  withArguments: ['import'],
} as const;

const read = (argv: string[]) => readCommandLine(argv, SPEC);
const refusal = (argv: string[]) => {
  try {
    read(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${argv.join(' ')}`);
};

describe('readCommandLine', () => {
  it('reads a command, a command of a group, their options and the arguments of a command that takes them', () => {
    expect(read(['generate', '--count', '3'])).toMatchObject({
      help: false,
      words: ['generate'],
      values: { count: '3' },
      arguments: [],
    });
    expect(read(['key', 'revoke', '--force', '--database-url', 'postgres://x/y'])).toMatchObject({
      words: ['key', 'revoke'],
      values: { force: true, 'database-url': 'postgres://x/y' },
    });
    expect(read(['import', 'a.json', 'b.json'])).toMatchObject({ arguments: ['a.json', 'b.json'] });
    expect(read(['--help']).help).toBe(true);
  });

  it('says what is wrong, as a UsageError, for every kind of mistake', () => {
    expect(refusal([])).toBe('a command is required');
    expect(refusal(['build'])).toBe('unknown command "build"');
    expect(refusal(['key'])).toBe('key needs create, revoke or list');
    expect(refusal(['key', 'rotate'])).toBe('unknown key command "rotate"');
    expect(refusal(['generate', '--force'])).toBe('generate does not take --force');
    expect(refusal(['key', 'list', '--count', '2'])).toBe('key list does not take --count');
    expect(refusal(['generate', 'now'])).toBe('unexpected argument "now"');
    expect(refusal(['generate', '--verbose'])).toContain("Unknown option '--verbose'");
    expect(() => databaseUrlOption('mysql://x/y')).toThrow(
      new UsageError('--database-url must start with postgres:// or postgresql://'),
    );
  });
});

describe('reportFailure', () => {
  const report = (error: unknown) => {
    let text = '';
    const code = reportFailure(error, {
      usage: 'Usage: try --help',
      isKnown: (known) => known.message.startsWith('known'),
      stderr: { write: (chunk: string) => (text += chunk) },
    });
    return { code, text };
  };

  it('answers 2 with the usage for a usage mistake, 1 with one line for a known failure and 1 with the stack otherwise', () => {
    expect(report(new UsageError('a command is required'))).toEqual({
      code: EXIT.usage,
      text: 'Error: a command is required\n\nUsage: try --help\n',
    });
    expect(report(new Error('known: the file is missing'))).toEqual({
      code: EXIT.failed,
      text: '\nError: known: the file is missing\n',
    });
    const unexpected = report(new Error('a bug'));
    expect(unexpected.code).toBe(EXIT.failed);
    expect(unexpected.text).toContain('at ');
  });
});
