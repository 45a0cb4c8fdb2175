import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar.js';

/** A stream that keeps what is written: a terminal (80 columns) or a log (a pipe). */
function capture(isTTY: boolean) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  Object.assign(stream, { isTTY, columns: 120 });
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

describe('ProgressBar', () => {
  it('in a log, prints plain lines: the first progress, messages of their own, and the final state', () => {
    const log = capture(false);
    const bar = new ProgressBar(log.stream, 'Imported 1 file');
    bar.log('skipped a.jsonl:3: doc_number: required');
    bar.update({ done: 250, total: 1000, elapsedMs: 1000 });
    bar.update({ done: 500, total: 1000, elapsedMs: 2000, detail: '1 skipped' });
    bar.finish({ done: 1000, elapsedMs: 4000 });
    const lines = log.text().split('\n');
    expect(lines).toEqual([
      'skipped a.jsonl:3: doc_number: required',
      'Imported 1 file  [######------------------]  25%  250 / 1,000 records  250/s',
      'Imported 1 file  1,000 records  250/s',
      '',
    ]);
    expect(log.text()).not.toContain('\x1b');
  });

  it('in a log, stays quiet when no progress came', () => {
    const log = capture(false);
    new ProgressBar(log.stream, 'Enriching', 'patents').finish({ done: 0, elapsedMs: 10 });
    expect(log.text()).toBe('');
  });

  it('on a terminal, redraws the bar in place, prints messages above it and leaves the final state', () => {
    const terminal = capture(true);
    const bar = new ProgressBar(terminal.stream, 'Generated and loaded');
    bar.update({ done: 100, total: 400, elapsedMs: 1000 });
    bar.log('waiting 2 s: rate limited');
    bar.finish({ done: 400, total: 400, elapsedMs: 2000 });
    const text = terminal.text();
    expect(text).toContain('\x1b[');
    expect(text).toContain('Generated and loaded  [######------------------]  25%  100 / 400 records  100/s');
    expect(text.indexOf('waiting 2 s: rate limited\n')).toBeGreaterThan(0);
    expect(text).toMatch(/Generated and loaded {2}\[#{24}\] 100% {2}400 \/ 400 records {2}200\/s\S*\n$/);
  });
});
