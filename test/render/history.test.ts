import { describe, expect, it } from 'vitest';
import { historyResultsBody, renderHistory, type HistoryView } from '../../src/render/history.ts';
import { verbatim, withoutMarks } from '../../src/render/wrap.ts';

/** The entries below the six lines of the `::` header and the span. */
const entriesOf = (text: string) => withoutMarks(text).split('\n').slice(6).join('\n');

// The words and layout of HISTORY (test/judge/history-report.test.ts chooses the entries from a
// game's records and checks the whole reply).

const at = new Date('2026-01-05T12:00:00Z');
const HEADER = ':: Judge: DIP  Game: Demo  Variant: Standard\n:: Deadline: F1901M Wed Jan 14 2026 12:00:00 +0000  \n';
const view: HistoryView = {
  gameName: 'demo',
  header: HEADER,
  from: at,
  through: new Date('2026-01-09T16:00:00Z'),
  zone: 'UTC',
  entries: [
    { at, subject: 'DIP:demo - S1901M Results', body: 'Austria: A vie -> bud.\n' },
    { at: new Date('2026-01-07T12:00:00Z'), subject: 'DIP:demo - F1901M Results', body: 'France: A par H.' },
  ],
  ranged: false,
  lines: 1000,
  linesSet: false,
  maxLines: 5000,
};

describe('HISTORY', () => {
  it('says when there is nothing to show', () => {
    expect(renderHistory({ ...view, entries: [] })).toBe("Game 'demo' has no history yet.");
    expect(renderHistory({ ...view, entries: [], ranged: true })).toBe("Game 'demo' has no history in that range.");
  });

  it("starts as njudge's does: the :: lines, a blank line, the span and a blank line", () => {
    expect(withoutMarks(renderHistory(view)).split('\n').slice(0, 6)).toEqual([
      ':: Judge: DIP  Game: Demo  Variant: Standard',
      ':: Deadline: F1901M Wed Jan 14 2026 12:00:00 +0000  ',
      '',
      "History information for game 'demo' from Mon 5 Jan 2026 12:00",
      'through Fri 9 Jan 2026 16:00:',
      '',
    ]);
  });

  it('writes each entry as a mail with its Date and Subject', () => {
    const text = entriesOf(renderHistory(view));
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^Date: {4}\S/);
    expect(lines.slice(1, 4)).toEqual(['Subject: DIP:demo - S1901M Results', '', 'Austria: A vie -> bud.']);
    expect(lines[4]).toBe('');
    expect(text.endsWith('Subject: DIP:demo - F1901M Results\n\nFrance: A par H.')).toBe(true);
  });

  it('stops at the line cap and says how to ask for the rest', () => {
    const cut = entriesOf(renderHistory({ ...view, lines: 6, linesSet: true }));
    expect(cut.split('\n')).toHaveLength(6);
    expect(cut).toMatch(
      /\n\(HISTORY stops here after 5 lines: the next entry would pass the limit of 6 lines you set\. 1 more entry; send HISTORY demo FROM .+ or LINES up to 5000 for it\.\)$/,
    );
    const atMost = entriesOf(renderHistory({ ...view, lines: 6, maxLines: 6 }));
    expect(atMost).toMatch(/the limit of 6 lines\. 1 more entry; send HISTORY demo FROM [^)]+ for it\.\)$/);
  });

  it('drops the trailing blank lines of stored results', () => {
    expect(historyResultsBody('Results\n\n\n')).toBe(verbatim('Results'));
  });

  it("drops a stored results mail's :: lines and the blank line after them", () => {
    expect(historyResultsBody(`${HEADER}\nMovement results for Spring of 1901.  (demo.001)\n`)).toBe(
      verbatim('Movement results for Spring of 1901.  (demo.001)'),
    );
  });
});
