import { describe, expect, it } from 'vitest';
import { documentReporter } from '../../../src/cli/anonymize.js';
import { batchReporter } from '../../../src/cli/batch.js';
import { describeDocument, formatElapsed, renderProgress, startProgressLine } from '../../../src/cli/progress.js';

/** A terminal stand-in: what was written, and the screen line as `\r` and erase-line leave it. */
function fakeTty(columns = 80) {
  const writes: string[] = [];
  return {
    isTTY: true,
    columns,
    writes,
    write(text: string) {
      writes.push(text);
    },
    /** The lines on the screen: `\r\x1b[K` clears the current one. */
    screen(): string[] {
      const lines = [''];
      for (const part of writes.join('').split(/(\r\x1b\[K|\n)/)) {
        if (part === '\r\x1b[K') lines[lines.length - 1] = '';
        else if (part === '\n') lines.push('');
        else lines[lines.length - 1] += part;
      }
      return lines;
    },
  };
}

const noTimers = { throttleMs: 0, tickMs: 0 };

describe('renderProgress', () => {
  it('one document: name, bar, pages, phase, time', () => {
    expect(renderProgress({ name: 'file.pdf', done: 12, total: 24, unit: 'pages', phase: 'detecting', elapsedMs: 14_200 })).toBe(
      'file.pdf  [##########----------] 12/24 pages  detecting  0:14',
    );
    expect(renderProgress({ name: 'scan.png', done: 0, total: 0, unit: 'pages', phase: 'reading', elapsedMs: 0 })).toBe(
      'scan.png  [--------------------]  reading  0:00',
    );
  });

  it('a batch: files, failures, and the document heard from last', () => {
    expect(
      renderProgress({
        done: 5,
        total: 12,
        unit: 'files',
        failed: 1,
        elapsedMs: 62_000,
        detail: describeDocument('b.pdf', { phase: 'ocr', pagesDone: 3, pagesTotal: 24 }),
      }),
    ).toBe('[########------------] 5/12 files  1 failed  1:02  b.pdf 3/24 pages ocr');
  });

  it('fits a narrow terminal: the detail, then the name, then the bar give way', () => {
    const view = {
      name: 'a-very-long-file-name-from-the-scanner-0001.pdf',
      done: 3,
      total: 10,
      unit: 'pages' as const,
      phase: 'redacting',
      elapsedMs: 5000,
    };
    const line = renderProgress(view, 60);
    expect(line.length).toBeLessThanOrEqual(59);
    expect(line).toMatch(/^a-ver\S*…\S*\.pdf {2}\[#+-+\] 3\/10 pages {2}redacting {2}0:05$/);
    for (const columns of [40, 20, 5]) expect(renderProgress(view, columns).length).toBeLessThanOrEqual(Math.max(10, columns - 1));
  });

  it('never lets a file name move the cursor: control characters become ?', () => {
    expect(renderProgress({ name: 'evil\x1b[2J\n.pdf', done: 0, total: 1, unit: 'pages', elapsedMs: 0 })).toContain('evil?[2J?.pdf');
  });

  it.each([
    [0, '0:00'],
    [59_999, '0:59'],
    [61_000, '1:01'],
    [3_723_000, '1:02:03'],
  ])('formatElapsed(%d) = %s', (ms, text) => expect(formatElapsed(ms)).toBe(text));
});

describe('progress lines on a terminal', () => {
  it('a document: redrawn in place with \\r, ended by a newline when done', () => {
    const tty = fakeTty();
    let now = 0;
    const reporter = documentReporter(tty, 'letter.pdf', { ...noTimers, now: () => now });
    reporter.onProgress({ phase: 'detecting', pagesDone: 1, pagesTotal: 4 });
    now = 3000;
    reporter.onProgress({ phase: 'verifying', pagesDone: 4, pagesTotal: 4 });
    reporter.done(4);
    expect(tty.writes.every((w) => w === '\n' || w.startsWith('\r\x1b[K'))).toBe(true);
    expect(tty.screen()).toEqual(['letter.pdf  [####################] 4/4 pages  done  0:03', '']);
  });

  it('a failed document leaves no line behind (its problem follows)', () => {
    const tty = fakeTty();
    const reporter = documentReporter(tty, 'bad.pdf', noTimers);
    reporter.failed();
    expect(tty.screen()).toEqual(['']);
  });

  it('a batch: other output is written between redraws, on lines of its own', () => {
    const tty = fakeTty();
    const reporter = batchReporter(tty, 3, noTimers);
    reporter.started('in/a.pdf');
    reporter.progress('in/a.pdf', { phase: 'ocr', pagesDone: 1, pagesTotal: 2 });
    reporter.ended('in/a.pdf', false);
    reporter.line.interrupt(() => tty.write('{"file":"in/a.pdf","status":422}\n'));
    reporter.started('in/b.pdf');
    reporter.ended('in/b.pdf', true);
    reporter.started('in/c.pdf');
    expect(tty.screen().at(-1)).toBe('[#############-------] 2/3 files  1 failed  0:00  c.pdf reading');
    reporter.ended('in/c.pdf', true);
    reporter.finish();
    expect(tty.screen()).toEqual(['{"file":"in/a.pdf","status":422}', '[####################] 3/3 files  1 failed  0:00', '']);
  });

  it('updates are throttled; the time moves on its own', async () => {
    const tty = fakeTty();
    const line = startProgressLine(tty, (elapsedMs) => ({ done: 0, total: 1, unit: 'files', elapsedMs }), {
      throttleMs: 10_000,
      tickMs: 20,
    });
    const drawn = tty.writes.length;
    for (let i = 0; i < 50; i++) line.update();
    expect(tty.writes.length).toBe(drawn);
    await new Promise((r) => setTimeout(r, 70));
    expect(tty.writes.length).toBeGreaterThan(drawn);
    line.clear();
    const after = tty.writes.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(tty.writes.length).toBe(after);
  });
});
