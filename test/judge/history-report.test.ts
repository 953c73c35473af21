import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { parseHistoryOptions, renderHistory, type HistoryOptions } from '../../src/judge/reports/history-report.ts';
import type { Game } from '../../src/judge/model.ts';
import type { HistoryRecord } from '../../src/judge/ports.ts';
import { withoutMarks } from '../../src/render/wrap.ts';

// HISTORY's options (njudge's FROM/TO/LINES, EXCLSTART/EXCLEND/BROAD) and its choice of entries.

const NOW = new Date('2004-01-09T16:00:00Z'); // a Friday
const read = (text: string) => parseHistoryOptions(text, { now: NOW, zone: 'UTC' });
const options = (text: string): HistoryOptions => {
  const result = read(text);
  if (!result.ok) throw new Error(result.error);
  return result.options;
};

describe('HISTORY options', () => {
  it('reads dates as the latest such moment behind now', () => {
    expect(options('FROM 2 Jan 2004').from!.toISOString()).toBe('2004-01-02T00:00:00.000Z');
    expect(options('FROM 12 Jan').from!.toISOString()).toBe('2003-01-12T00:00:00.000Z');
    expect(options('FROM Mon').from!.toISOString()).toBe('2004-01-05T00:00:00.000Z');
    expect(options('FROM 2 Jan 2003 TO 3 Jan 2003').to!.toISOString()).toBe('2003-01-03T23:59:00.000Z');
    expect(options('')).toEqual({ from: null, to: null, lines: 1000, startPhase: null, endPhase: null, broadcasts: true });
    expect(options('EXCLSTART s1901m EXCLEND F1901B')).toMatchObject({ startPhase: 'S1901M', endPhase: 'W1901A', broadcasts: false });
    expect(options('EXCLSTART S1901M BROAD').broadcasts).toBe(true);
    expect(options('LINES 99999').lines).toBe(5000);
  });

  it('refuses what it cannot read, saying what', () => {
    const error = (text: string) => {
      const result = read(text);
      return result.ok ? null : result.error;
    };
    expect(error('SINCE Monday')).toMatch(/not "SINCE"/);
    expect(error('LINES')).toMatch(/LINES needs a number/);
    expect(error('LINES 0')).toMatch(/from 1 to 5000, not "0"/);
    expect(error('FROM 5 Jan 2004 TO 2 Jan 2004')).toMatch(/TO date is before the FROM date/);
    expect(error('FROM 2 Jan 2004 FROM 3 Jan 2004')).toMatch(/FROM is written twice/);
    expect(error('EXCLEND S1901M')).toMatch(/go with EXCLSTART/);
    expect(error('EXCLSTART spring')).toMatch(/a phase such as S1901M/);
    expect(error('BROAD now EXCLSTART S1901M')).toMatch(/BROAD takes nothing after it/);
    expect(error('FROM 32 Jan 2004')).toMatch(/HISTORY FROM 32 Jan 2004: "32" is not a day of the month/);
  });
});

describe('HISTORY entries', () => {
  const variant = loadVariant('standard');
  const game = { name: 'demo', timeZone: 'UTC', rules: [] as Game['rules'], status: 'active', currentPhase: null, deadline: null } as unknown as Game;
  const at = (day: number) => new Date(Date.UTC(2004, 0, day, 12));
  const records: HistoryRecord[] = [
    {
      kind: 'broadcast',
      at: at(5),
      phaseId: 'S1901M',
      sender: 'FRANCE',
      press: { kind: 'grey', broadcast: true, recipients: [], shownRecipients: null, shownBroadcast: null, fakeSender: null, body: 'Who am I?' },
    },
    { kind: 'results', at: at(6), phaseId: 'S1901M', text: 'Spring results.\n' },
    { kind: 'notice', at: at(7), phaseId: 'F1901M', subject: 'Deadline Adjustment', body: 'Later.\n' },
    { kind: 'notice', at: at(8), phaseId: null, subject: 'Game over', body: 'Over.\n' },
  ];
  const render = (text: string) =>
    withoutMarks(
      renderHistory({
        game,
        variant,
        config: { address: 'j@x', name: 'j', code: 'DIP' },
        phaseOrder: ['S1901M', 'F1901M'],
        records,
        options: options(text),
        zone: 'UTC',
        now: NOW,
      }),
    );
  const HEADER = [':: Judge: DIP  Game: Demo  Variant: Standard', ':: Deadline: S1901M Thu Jan 01 1970 00:00:00 +0000  ', ''];
  /** The entries, below the `::` lines and the span (test/render/history.test.ts checks those). */
  const entries = (text: string) =>
    render(text)
      .split('\n')
      .slice(HEADER.length + 3)
      .join('\n');

  it("starts with the game's :: lines and the span it covers, as njudge does", () => {
    expect(render('').split('\n').slice(0, 6)).toEqual([
      ...HEADER,
      "History information for game 'demo' from Mon 5 Jan 2004 12:00",
      'through Fri 9 Jan 2004 16:00:',
      '',
    ]);
    expect(render('FROM 6 Jan 2004 TO 7 Jan 2004').split('\n').slice(3, 5)).toEqual([
      "History information for game 'demo' from Tue 6 Jan 2004 00:00",
      'through Wed 7 Jan 2004 23:59:',
    ]);
  });

  it('writes each entry as a mail with its date and subject; grey press names nobody', () => {
    const all = entries('');
    expect(all).toBe(
      [
        'Date:    Mon 5 Jan 2004 12:00',
        'Subject: DIP:demo - S1901M Broadcast',
        '',
        "Broadcast message in 'demo':",
        '',
        'Who am I?',
        '',
        'Date:    Tue 6 Jan 2004 12:00',
        'Subject: DIP:demo - S1901M Results',
        '',
        'Spring results.',
        '',
        'Date:    Wed 7 Jan 2004 12:00',
        'Subject: DIP:demo - F1901M Deadline Adjustment',
        '',
        'Later.',
        '',
        'Date:    Thu 8 Jan 2004 12:00',
        'Subject: DIP:demo Game over',
        '',
        'Over.',
      ].join('\n'),
    );
    expect(all).not.toMatch(/France/);
  });

  it('chooses by date or by phase, and stops at the line cap saying how to go on', () => {
    expect(entries('FROM 7 Jan 2004 TO 7 Jan 2004')).toMatch(/^Date: +Wed 7 Jan 2004 12:00\nSubject: DIP:demo - F1901M Deadline Adjustment\n\nLater\.$/);
    expect(entries('EXCLSTART F1901M')).toMatch(/Deadline Adjustment[\s\S]*Game over/);
    expect(entries('EXCLSTART S1901M EXCLEND S1901M')).toMatch(/^Date: +Tue 6 Jan 2004 12:00\nSubject: DIP:demo - S1901M Results\n\nSpring results\.$/);
    expect(entries('LINES 12')).toMatch(
      /Spring results\.\n\n\(HISTORY stops here after 12 lines: the next entry would pass the limit of 12 lines you set\. 2 more entries; send HISTORY demo FROM Wed 7 Jan 2004 12:00 or LINES up to 5000 for them\.\)$/,
    );
    expect(render('FROM 1 Jan 2004 TO 2 Jan 2004')).toBe("Game 'demo' has no history in that range.");
  });
});
