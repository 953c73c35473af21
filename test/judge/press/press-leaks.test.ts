import { describe, expect, it } from 'vitest';
import type { GameRule, Seat } from '../../../src/judge/model.ts';
import type { PressPlan } from '../../../src/judge/press/index.ts';
import { BODY, headerOf, MASTER_SEAT, MONITOR_SEAT, OBSERVER_1, plan, planOk, powerSeat, SEATS } from './fixtures.ts';

// Every combination of rules, sender, recipients, claimed sender and claimed recipients,
// checked against what must never happen: an address in any text, a grey or fake sender named
// to anyone but the Master, a copy to the sender, a monitor reading players' press.

const RULE_SETS: readonly (readonly GameRule[])[] = [
  [],
  ['GREY_PRESS'],
  ['WHITE_GREY'],
  ['FAKE_PRESS'],
  ['GREY_PRESS', 'FAKE_PRESS'],
  ['GUNBOAT'],
  ['GUNBOAT', 'GREY_PRESS'],
  ['GUNBOAT', 'FAKE_PRESS', 'WHITE_GREY'],
  ['PUBLIC_PRESS', 'FAKE_PRESS'],
  ['NO_PRESS'],
  ['MUTE_OBSERVERS', 'GREY_PRESS'],
];
const SENDERS: readonly Seat[] = [powerSeat('FRANCE'), powerSeat('ENGLAND'), OBSERVER_1, MASTER_SEAT, MONITOR_SEAT];
/** '' is BROADCAST. */
const TO = ['TO I', 'TO FAI', 'TO AIM', 'TO ALL', 'TO ALL BUT E', 'TO ALL BUT EO', 'TO O', 'TO M', ''];
const CLAIMED_SENDER = ['', 'WHITE', 'GREY', 'FROM G', 'FROM F'];
const CLAIMED_RECIPIENTS = ['', 'FAKE TO AT', 'FAKE BROADCAST', 'NO FAKE'];

const SENDER_NAMES: Readonly<Record<number, { name: string; initial: string }>> = {
  [powerSeat('FRANCE').id]: { name: 'France', initial: 'F' },
  [powerSeat('ENGLAND').id]: { name: 'England', initial: 'E' },
  [OBSERVER_1.id]: { name: 'an Observer', initial: 'O' },
  [MASTER_SEAT.id]: { name: 'the Master', initial: 'M' },
  [MONITOR_SEAT.id]: { name: 'an Observer', initial: 'O' },
};

/** Every address, and its local part and domain on their own. */
const ADDRESS_PARTS = SEATS.flatMap((s) => [s.address, ...s.address.split('@')]);

interface Case {
  readonly rules: readonly GameRule[];
  readonly sender: Seat;
  readonly line: string;
  readonly result: PressPlan;
}

function allCases(): Case[] {
  const cases: Case[] = [];
  let n = 0;
  for (const rules of RULE_SETS) {
    for (const sender of SENDERS) {
      for (const to of TO) {
        for (const claimedSender of CLAIMED_SENDER) {
          for (const claimedRecipients of CLAIMED_RECIPIENTS) {
            const quiet = n++ % 2 === 0 ? 'QUIET' : '';
            const line = [to === '' ? 'BROADCAST' : `PRESS ${to}`, claimedSender, claimedRecipients, quiet].filter(Boolean).join(' ');
            cases.push({ rules, sender, line, result: plan({ rules, sender, line }) });
          }
        }
      }
    }
  }
  return cases;
}

const cases = allCases();
const sent = cases.flatMap((c) => (c.result.ok ? [{ ...c, result: c.result }] : []));

function texts(result: Extract<PressPlan, { ok: true }>): string[] {
  return [result.echo, ...result.deliveries.flatMap((d) => [d.subject, d.body])];
}

/** Runs `check` on each case and collects what it finds, so one failing expectation lists them all. */
function violations<T extends Case>(list: readonly T[], check: (c: T, report: (problem: string) => void) => void): string[] {
  const found: string[] = [];
  for (const c of list) check(c, (problem) => found.push(`${c.line} [${c.rules.join(' ')}] from seat ${c.sender.id}: ${problem}`));
  return found;
}

describe(`all ${cases.length} combinations`, () => {
  it('cover both outcomes', () => {
    expect(sent.length).toBeGreaterThan(1000);
    expect(cases.length - sent.length).toBeGreaterThan(1000);
  });

  it('never put an address in a subject, a copy or the echo', () => {
    const found = violations(sent, (c, report) => {
      for (const text of texts(c.result)) for (const part of ADDRESS_PARTS) if (text.includes(part)) report(`"${part}" in ${JSON.stringify(text)}`);
    });
    expect(found).toEqual([]);
  });

  it('never put an address in a refusal, and refuse in one sentence', () => {
    const found = violations(cases, (c, report) => {
      if (c.result.ok) return;
      if (!/^Press refused: .+\.$/.test(c.result.reason)) report(`odd reason ${c.result.reason}`);
      for (const part of ADDRESS_PARTS) if (c.result.reason.includes(part)) report(`"${part}" in the reason`);
    });
    expect(found).toEqual([]);
  });

  it('never send the sender a copy, nor anyone two', () => {
    const found = violations(sent, (c, report) => {
      const ids = c.result.deliveries.map((d) => d.seatId);
      if (ids.includes(c.sender.id)) report('the sender gets a copy');
      if (new Set(ids).size !== ids.length) report('a seat gets two copies');
    });
    expect(found).toEqual([]);
  });

  it("give monitors only the Master's broadcasts", () => {
    const found = violations(sent, (c, report) => {
      const toMonitor = c.result.deliveries.some((d) => d.seatId === MONITOR_SEAT.id);
      if (toMonitor !== (c.sender.role === 'master' && c.result.archive.broadcast)) report(`monitor copy: ${toMonitor}`);
    });
    expect(found).toEqual([]);
  });

  it('give every reader but the Master the same copy, with no bracketed truth', () => {
    const found = violations(sent, (c, report) => {
      const copies = c.result.deliveries.filter((d) => d.seatId !== MASTER_SEAT.id);
      if (new Set(copies.map((d) => `${d.subject}\n${d.body}`)).size > 1) report('readers got different copies');
      for (const copy of copies) {
        if (copy.body.split('\n')[0]!.includes('[')) report(`brackets in ${copy.body.split('\n')[0]}`);
        if (copy.subject.includes('(')) report(`disguise in the subject ${copy.subject}`);
        if (!copy.body.endsWith(`\n\n${BODY}`)) report('the message is not at the end of the copy');
      }
    });
    expect(found).toEqual([]);
  });

  it('name the real sender of grey and fake press to nobody but the Master', () => {
    const found = violations(sent, (c, report) => {
      const { name, initial } = SENDER_NAMES[c.sender.id]!;
      const { kind, fakeSender, sender } = c.result.archive;
      const readerTexts = [
        ...c.result.deliveries.filter((d) => d.seatId !== MASTER_SEAT.id).map((d) => ({ header: d.body.split('\n')[0]!, subject: d.subject })),
        // The echo repeats the readers' copy; it must not differ from it.
        ...(c.result.echo.includes('\n') ? [{ header: c.result.echo.split('\n')[2]!, subject: null }] : []),
      ];
      for (const { header, subject } of readerTexts) {
        if (kind === 'white') {
          if (!header.includes(`from ${name} `)) report(`white press without its sender: ${header}`);
          if (subject !== null && !subject.includes(`from ${initial}`)) report(`white subject without its sender: ${subject}`);
        } else if (kind === 'grey') {
          if (header.includes('from') || subject?.includes('from')) report(`grey press names a sender: ${header} / ${subject}`);
        } else if (fakeSender !== sender) {
          if (header.includes(`from ${name} `)) report(`fake press names its real sender: ${header}`);
          if (subject?.includes(`from ${initial} `)) report(`fake subject names its real sender: ${subject}`);
        }
      }
    });
    expect(found).toEqual([]);
  });

  it('always tell the Master who really wrote it', () => {
    const found = violations(sent, (c, report) => {
      const { name } = SENDER_NAMES[c.sender.id]!;
      const masterCopy = c.result.deliveries.find((d) => d.seatId === MASTER_SEAT.id);
      if (!masterCopy) return;
      const header = masterCopy.body.split('\n')[0]!;
      if (!new RegExp(`(from|\\[from|really from) ${name}[ \\]]`).test(header)) report(`the Master is not told: ${header}`);
    });
    expect(found).toEqual([]);
  });

  it('always let players and observers write to the Master alone', () => {
    const toMaster = cases.filter((c) => /^PRESS TO M( |$)/.test(c.line) && c.sender.role !== 'master');
    expect(toMaster.length).toBeGreaterThan(100);
    expect(violations(toMaster, (c, report) => !c.result.ok && report(c.result.reason))).toEqual([]);
  });

  it('refuse everything but press to the Master under NO_PRESS, except from the Master', () => {
    const bound = cases.filter((c) => c.rules.includes('NO_PRESS') && c.sender.role !== 'master' && !/^PRESS TO M( |$)/.test(c.line));
    expect(violations(bound, (c, report) => c.result.ok && report('sent'))).toEqual([]);
  });
});

describe('gunboat', () => {
  const rules = ['GUNBOAT'] as const;

  it('shows powers, never players, in white press', () => {
    const result = planOk({ sender: powerSeat('FRANCE'), line: 'PRESS TO Germany, Master', rules });
    expect(headerOf(result, powerSeat('GERMANY'))).toBe("Message from France to Germany and the Master in 'demo':");
    expect(result.echo).toContain("Message from France to Germany and the Master in 'demo':");
  });

  it('shows nothing of the sender in grey press', () => {
    const result = planOk({ sender: powerSeat('FRANCE'), line: 'BROADCAST', rules: ['GUNBOAT', 'GREY_PRESS'] });
    expect(headerOf(result, powerSeat('GERMANY'))).toBe("Broadcast message in 'demo':");
    expect(headerOf(result, OBSERVER_1)).toBe("Broadcast message in 'demo':");
    expect(result.deliveries.find((d) => d.seatId === powerSeat('GERMANY').id)!.subject).toBe('DIP:demo - S1901M Broadcast');
  });
});
