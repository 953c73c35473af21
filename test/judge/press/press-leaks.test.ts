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

describe(`all ${cases.length} combinations`, () => {
  it('cover both outcomes', () => {
    expect(sent.length).toBeGreaterThan(1000);
    expect(cases.length - sent.length).toBeGreaterThan(1000);
  });

  it('never put an address in a subject, a copy or the echo', () => {
    for (const c of sent) {
      for (const text of texts(c.result)) {
        for (const part of ADDRESS_PARTS) expect(text, `${c.line} (${c.rules})`).not.toContain(part);
      }
    }
  });

  it('never put an address in a refusal', () => {
    for (const c of cases) {
      if (c.result.ok) continue;
      expect(c.result.reason).toMatch(/^Press refused: .+\.$/);
      for (const part of ADDRESS_PARTS) expect(c.result.reason).not.toContain(part);
    }
  });

  it('never send the sender a copy, nor anyone two', () => {
    for (const c of sent) {
      const ids = c.result.deliveries.map((d) => d.seatId);
      expect(ids).not.toContain(c.sender.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("give monitors only the Master's broadcasts", () => {
    for (const c of sent) {
      const toMonitor = c.result.deliveries.some((d) => d.seatId === MONITOR_SEAT.id);
      expect(toMonitor, c.line).toBe(c.sender.role === 'master' && c.result.archive.broadcast);
    }
  });

  it('give every reader but the Master the same copy, with no bracketed truth', () => {
    for (const c of sent) {
      const copies = c.result.deliveries.filter((d) => d.seatId !== MASTER_SEAT.id);
      expect(new Set(copies.map((d) => `${d.subject}\n${d.body}`)).size).toBeLessThanOrEqual(1);
      for (const copy of copies) {
        expect(copy.body.split('\n')[0]).not.toContain('[');
        expect(copy.subject).not.toContain('(');
        expect(copy.body.endsWith(`\n\n${BODY}`)).toBe(true);
      }
    }
  });

  it('name the real sender of grey and fake press to nobody but the Master', () => {
    for (const c of sent) {
      const { name, initial } = SENDER_NAMES[c.sender.id]!;
      const { kind, fakeSender } = c.result.archive;
      const copies = c.result.deliveries.filter((d) => d.seatId !== MASTER_SEAT.id);
      for (const copy of copies) {
        const header = copy.body.split('\n')[0]!;
        if (kind === 'white') {
          expect(header, c.line).toContain(`from ${name} `);
          expect(copy.subject).toContain(`from ${initial}`);
        } else if (kind === 'grey') {
          expect(header, c.line).not.toContain(' from ');
          expect(copy.subject, c.line).not.toContain(' from ');
        } else if (fakeSender !== 'FRANCE' || c.sender.id !== powerSeat('FRANCE').id) {
          expect(header, c.line).not.toContain(`from ${name} `);
          expect(copy.subject, c.line).not.toContain(`from ${initial} `);
        }
      }
      // The sender's echo shows the readers' copy too, so it must not undo the disguise either.
      if (kind === 'grey') expect(c.result.echo).not.toContain(' from ');
    }
  });

  it('always tell the Master who really wrote it', () => {
    for (const c of sent) {
      const { name } = SENDER_NAMES[c.sender.id]!;
      const masterCopy = c.result.deliveries.find((d) => d.seatId === MASTER_SEAT.id);
      if (!masterCopy) continue;
      expect(masterCopy.body.split('\n')[0], c.line).toMatch(new RegExp(`(from|\\[from|really from) ${name}[ \\]]`));
    }
  });

  it('always let players and observers write to the Master alone', () => {
    for (const c of cases) {
      if (c.line.startsWith('PRESS TO M ') || c.line === 'PRESS TO M') {
        const claimsMaster = false;
        if (c.sender.role !== 'master' && !claimsMaster) expect(c.result.ok, `${c.line} (${c.rules})`).toBe(true);
      }
    }
  });

  it('refuse everything but press to the Master under NO_PRESS, except from the Master', () => {
    for (const c of cases) {
      if (!c.rules.includes('NO_PRESS') || c.sender.role === 'master' || c.line.startsWith('PRESS TO M')) continue;
      expect(c.result.ok, c.line).toBe(false);
    }
  });
});

describe('gunboat', () => {
  const rules = ['GUNBOAT'] as const;

  it('shows powers, never players, in white press', () => {
    const result = planOk({ sender: powerSeat('FRANCE'), line: 'PRESS TO GM', rules });
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
