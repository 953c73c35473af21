import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { parseHistoryOptions, renderHistory } from '../../src/judge/reports/history-report.ts';
import type { Game } from '../../src/judge/model.ts';
import { mailOptions, type OutboxMail } from '../../src/mail/outgoing-message.ts';
import { withoutMapperHeader } from '../../src/render/mapper-header.ts';
import { MAX_LINE } from '../../src/render/wrap.ts';
import { planOk, powerSeat } from '../judge/press/fixtures.ts';

const FRANCE = powerSeat('FRANCE');

// What the judge copies into a reply goes out as it was written: HISTORY's copies of past results
// (the classic block, whose lines can pass 76 characters) and a player's own press echoed back;
// the judge's own words around them are still wrapped at 76 columns, and no mark shows.

const golden = (name: string) => readFileSync(new URL(`../render/golden/${name}`, import.meta.url), 'utf8');
const LONG_JUDGE_LINE = 'All the commands of your mail were handled, and this sentence of the judge runs on past the seventy-six columns.';

async function sentText(body: string, kind = 'reply'): Promise<{ text: string; raw: string }> {
  const row: OutboxMail = {
    message_id: '<r1@judge.example>',
    to_addresses: ['p@players.example'],
    cc_addresses: [],
    bcc_addresses: [],
    subject: 'Re: HISTORY',
    headers: {},
    body,
    kind,
  };
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const raw = ((await transport.sendMail(mailOptions(row, { name: 'dipjudge', address: 'judge@judge.example' }))).message as Buffer).toString('utf8');
  return { text: (await simpleParser(raw)).text ?? '', raw };
}

it("sends HISTORY's copies of past results byte for byte, the judge's own lines wrapped", async () => {
  const results = [golden('winter-adjustments.txt'), golden('victory.txt')];
  expect(results.map((text) => Math.max(...text.split('\n').map((line) => line.length)))).toEqual([84, 77]);
  const options = parseHistoryOptions('', { now: new Date('2004-02-01T00:00:00Z'), zone: 'UTC' });
  if (!options.ok) throw new Error(options.error);
  const history = renderHistory({
    game: { name: 'demo', timeZone: 'UTC', rules: [], currentPhase: null, deadline: null } as unknown as Game,
    variant: loadVariant('standard'),
    config: { address: 'j@x', name: 'j', code: 'DIP' },
    phaseOrder: ['W1901A', 'F1907M'],
    records: [
      { kind: 'results', at: new Date('2004-01-05T12:00:00Z'), phaseId: 'W1901A', text: results[0]! },
      { kind: 'notice', at: new Date('2004-01-06T12:00:00Z'), phaseId: 'F1907M', subject: 'Deadline Adjustment', body: `${LONG_JUDGE_LINE}\n` },
      { kind: 'results', at: new Date('2004-01-07T12:00:00Z'), phaseId: 'F1907M', text: results[1]! },
    ],
    options: options.options,
    zone: 'UTC',
    now: new Date('2004-02-01T00:00:00Z'),
  });
  const { text, raw } = await sentText(`${LONG_JUDGE_LINE}\n\n${history}\n`);
  // Each copy without its own `::` lines: only the reply's header has them (njudge's HISTORY).
  for (const block of results) expect(text).toContain(withoutMapperHeader(block).replace(/\n+$/, ''));
  expect(text.match(/^::.*$/gm)).toEqual([':: Judge: DIP  Game: Demo  Variant: Standard', ':: Deadline: S1901M Thu Jan 01 1970 00:00:00 +0000  ']);
  expect(raw).not.toMatch(/[\u000e\u000f]/);
  expect(text).not.toMatch(/[\u000e\u000f]/);
  const resultLines = new Set(results.flatMap((block) => block.split('\n')));
  const ownLines = text.split('\n').filter((line) => !resultLines.has(line));
  expect(ownLines.filter((line) => line.length > MAX_LINE)).toEqual([]);
  expect(text).toContain('All the commands of your mail were handled, and this sentence of the judge\nruns on past the seventy-six columns.');
});

it("echoes a player's press untouched, long lines and all, and wraps the judge's lines around it", async () => {
  const press = `${'Shall we talk about the Balkans, and the Black Sea, and what Russia wants there this year? '.repeat(2).trim()}\n> their line\n  indented`;
  const echo = planOk({ sender: FRANCE, line: 'PRESS TO AI', text: press }).echo;
  const { text, raw } = await sentText(`${LONG_JUDGE_LINE}\n\n${echo}\n`);
  expect(text).toContain(`\n\n${press}\n\nEnd of message.`);
  expect(raw).not.toMatch(/[\u000e\u000f]/);
  expect(text.split('\n').filter((line) => line.length > MAX_LINE)).toEqual([press.split('\n')[0]]);
  // A press sent on its own (kind press) is not wrapped either, and carries no mark.
  expect((await sentText(echo, 'press')).text).not.toMatch(/[\u000e\u000f]/);
});
