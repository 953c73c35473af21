import { describe, expect, it } from 'vitest';
import { MAX_OPENERS_PER_MAIL } from '../../src/commands/index.ts';
import { MAX_INFO_COMMANDS_PER_MAIL, MAX_PRESS_PER_HOUR, MAX_PRESS_PER_MAIL } from '../../src/judge/mail/mail-work.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// One mail cannot hold everyone (issue 25): it is read up to its tenth block naming a game, it
// has twenty information commands answered, and it sends at most ten press messages (and one
// address thirty an hour); what is past a cap is not done and the reply says so. The issue's
// reproducers: 300 SIGNONs, 3,000 distinct HISTORY … LINES n, 100 BROADCASTs in one mail.

const START = new Date('2026-11-21T12:00:00Z');

async function cappedGame() {
  let now = START;
  const clock = () => now;
  const store = new InMemoryJudgeStore(clock);
  const game = await startHarnessGame(store, '', clock);
  const seats = await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
  const france = seats.find((s) => s.power === 'FRANCE')!;
  const signon = `SIGNON Fdemo pw${france.address.slice(1, 2)}`;
  /** Sends `text` from France's player; the reply and the mails it made. */
  const fromFrance = async (text: string) => {
    const before = store.outbox().length;
    await game.judge.receive(inboundMail(france.address, text));
    const made = store.outbox().slice(before);
    return { reply: made.find((m) => m.kind === 'reply')?.body ?? '', press: made.filter((m) => m.kind === 'press') };
  };
  const later = (minutes: number) => {
    now = new Date(now.getTime() + minutes * 60_000);
  };
  const franceWaits = async () =>
    (await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id))).find((s) => s.power === 'FRANCE')!.wait;
  return { signon, fromFrance, later, franceWaits };
}

const broadcast = (n: number) => `BROADCAST\nnews ${n}\nENDPRESS`;

describe('caps on one mail', () => {
  it('reads 300 SIGNONs only up to the tenth, and says from which line the rest was left', async () => {
    const { signon, fromFrance, franceWaits } = await cappedGame();
    const blocks = [...Array.from({ length: MAX_OPENERS_PER_MAIL }, () => signon), `${signon}\nSET WAIT`, ...Array.from({ length: 289 }, () => signon)];
    const { reply } = await fromFrance(blocks.join('\n'));
    expect(reply).toContain(
      'Only the first 10 SIGNON, JOIN, OBSERVE, TAKEOVER, RESIGN or CREATE blocks of a mail are read. The 290 after them, from line 11 on, were not read and nothing in them was done: send them in another mail.',
    );
    expect(reply.match(/^> SIGNON/gm)).toHaveLength(MAX_OPENERS_PER_MAIL);
    expect(await franceWaits()).toBe(false);
  });

  it('answers 20 of 3,000 distinct HISTORY … LINES n and says how many were not', async () => {
    const { fromFrance } = await cappedGame();
    const { reply } = await fromFrance(Array.from({ length: 3000 }, (_, i) => `HISTORY demo LINES ${i + 1}`).join('\n'));
    // The game has just started: each HISTORY answered says it has no history yet.
    expect(reply.match(/^Game 'demo' has no history yet\.$/gm)).toHaveLength(MAX_INFO_COMMANDS_PER_MAIL);
    expect(reply).toContain(
      `Only ${MAX_INFO_COMMANDS_PER_MAIL} different information commands (HELP, LIST, HISTORY, SUMMARY …) are answered per mail; the other 2980 were not answered: ask them in another mail.`,
    );
  });

  it('hashes at most ten new passwords per mail: 300 SET PASSWORD lines are refused at the eleventh', async () => {
    const { signon, fromFrance } = await cappedGame();
    const { reply } = await fromFrance([signon, ...Array.from({ length: 300 }, (_, i) => `SET PASSWORD newpass${i}`)].join('\n'));
    expect(reply).toMatch(/Line 12: SET PASSWORD \*\*\*\*\n {2}At most 10 new passwords or privacy words are set per mail: send this in another mail/);
    expect(reply).not.toContain('newpass');
    // The block was refused whole: the old password still signs on.
    expect((await fromFrance(`${signon}\nSET WAIT`)).reply).toMatch(/Wait flag set/);
  });

  it('sends ten of 100 BROADCASTs in one mail and names the lines left unsent', async () => {
    const { signon, fromFrance } = await cappedGame();
    const { reply, press } = await fromFrance([signon, ...Array.from({ length: 100 }, (_, i) => broadcast(i))].join('\n'));
    // Each broadcast goes to the six other powers and the Master.
    const sent = new Set(press.map((m) => /news \d+/.exec(m.body)![0]));
    expect(sent.size).toBe(MAX_PRESS_PER_MAIL);
    expect(press.length).toBeLessThanOrEqual(MAX_PRESS_PER_MAIL * 7);
    expect(reply).toMatch(/Lines 32, 35, 38, .* were not sent: at most 10 press messages are sent per mail\. Send them again in another mail\./);
  });

  it('sends thirty press messages an hour from one address, then again an hour later', async () => {
    const { signon, fromFrance, later } = await cappedGame();
    for (let mail = 0; mail < MAX_PRESS_PER_HOUR / MAX_PRESS_PER_MAIL; mail++) {
      const { press } = await fromFrance([signon, ...Array.from({ length: MAX_PRESS_PER_MAIL }, (_, i) => broadcast(i))].join('\n'));
      expect(press.length).toBeGreaterThan(0);
    }
    later(30);
    const refused = await fromFrance([signon, broadcast(1)].join('\n'));
    expect(refused.press).toHaveLength(0);
    expect(refused.reply).toContain('Line 2 was not sent: at most 30 press messages are sent from one address per hour. Send it again later.');
    later(31);
    expect((await fromFrance([signon, broadcast(2)].join('\n'))).press.length).toBeGreaterThan(0);
  });
});
