import { describe, expect, it } from 'vitest';
import { Judge } from '../../src/judge/judge.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { HARNESS_JUDGE, inboundMail, POWER_INITIALS, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// Passwords cannot be guessed by mail (issue 25): wrong passwords are counted per seat and per
// sending address, across mails and within one, and past a few the password is refused unchecked,
// for a time that doubles; the seat's own player is not locked out, nor is one who mistypes twice.

const START = new Date('2026-11-21T12:00:00Z');
const MINUTE = 60_000;

async function guarded() {
  let now = START;
  const clock = () => now;
  const store = new InMemoryJudgeStore();
  const game = await startHarnessGame(store, '', clock);
  const seats = await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
  const france = seats.find((s) => s.power === 'FRANCE')!;
  const francePassword = `pw${france.address.slice(1, 2)}`;
  /** Sends `text` from `from` and returns the judge's reply to it. */
  const send = async (from: string, text: string): Promise<string> => {
    const before = store.outbox().length;
    await game.judge.receive(inboundMail(from, text));
    return (
      store
        .outbox()
        .slice(before)
        .find((m) => m.kind === 'reply')?.body ?? ''
    );
  };
  const later = (minutes: number) => {
    now = new Date(now.getTime() + minutes * MINUTE);
  };
  const franceWaits = async () =>
    (await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id))).find((s) => s.power === 'FRANCE')!.wait;
  return { store, clock, send, later, france, francePassword, franceWaits, judge: game.judge };
}

/** A block that stood: the SIGNON echoed, and no refusal. */
const SIGNED_ON = /^> SIGNON \S+ \*\*\*\*(?![\s\S]*Nothing in this block was done)/;
const LOCKED =
  /Too many wrong passwords were tried for this power or from your address lately, so this password was not checked\. Try again after (\S+ \S+) UTC/;

describe('password guessing', () => {
  it("refuses the right password after 2,300 wrong ones in one mail (the issue's reproducer)", async () => {
    const { send, francePassword, franceWaits } = await guarded();
    const guesses = Array.from({ length: 2300 }, (_, i) => `SIGNON Fdemo guess${i}`);
    const reply = await send('attacker@evil.example', [...guesses, `SIGNON Fdemo ${francePassword}\nSET WAIT`].join('\n'));
    expect(reply).not.toMatch(SIGNED_ON);
    expect(await franceWaits()).toBe(false);
    expect(reply).not.toContain('guess');
  });

  it('locks a seat at five wrong passwords in one mail: the right one after them is refused unchecked, saying until when', async () => {
    const { send, francePassword, franceWaits } = await guarded();
    const guesses = Array.from({ length: 5 }, (_, i) => `SIGNON Fdemo guess${i}`);
    const reply = await send('attacker@evil.example', [...guesses, `SIGNON Fdemo ${francePassword}\nSET WAIT`].join('\n'));
    expect(reply.match(/Invalid game, power or password/g)).toHaveLength(5);
    expect(LOCKED.exec(reply)?.[1]).toBe('2026-11-21 12:01');
    expect(reply).not.toMatch(SIGNED_ON);
    expect(reply).not.toContain(francePassword);
    expect(await franceWaits()).toBe(false);
  });

  it('counts wrong passwords across mails and doubles the lock with each further failure', async () => {
    const { send, later, francePassword } = await guarded();
    // Five wrong passwords from five addresses: a one-minute lock, whoever writes from wherever.
    for (let i = 0; i < 5; i++) expect(await send(`guesser${i}@evil.example`, `SIGNON Fdemo guess${i}`)).toMatch(/Invalid game, power or password/);
    expect(LOCKED.exec(await send('guesser6@evil.example', `SIGNON Fdemo ${francePassword}`))?.[1]).toBe('2026-11-21 12:01');
    later(1.5);
    expect(await send('guesser7@evil.example', 'SIGNON Fdemo guess7')).toMatch(/Invalid game, power or password/);
    // Two minutes now: still locked a minute and a half later, open after it.
    later(1.5);
    expect(await send('guesser8@evil.example', `SIGNON Fdemo ${francePassword}`)).toMatch(LOCKED);
    later(1);
    expect(await send('guesser9@evil.example', `SIGNON Fdemo ${francePassword}`)).toMatch(SIGNED_ON);
  });

  it("never locks a seat's own player out of it, and forgets failures a day after the last", async () => {
    const { send, later, france, francePassword } = await guarded();
    for (let i = 0; i < 8; i++) await send(`guesser${i}@evil.example`, `SIGNON Fdemo guess${i}`);
    expect(await send('someone@evil.example', `SIGNON Fdemo ${francePassword}`)).toMatch(LOCKED);
    expect(await send(france.address, `SIGNON Fdemo ${francePassword}`)).toMatch(SIGNED_ON);
    later(25 * 60);
    for (let i = 0; i < 4; i++) await send(`guesser${i}@evil.example`, `SIGNON Fdemo guess${i}`);
    expect(await send('someone@evil.example', `SIGNON Fdemo ${francePassword}`)).toMatch(SIGNED_ON);
  });

  it('lets a player who mistypes twice in a day sign on as ever', async () => {
    const { send, france, francePassword } = await guarded();
    expect(await send(france.address, `SIGNON Fdemo ${francePassword}x`)).toMatch(/Invalid game, power or password/);
    expect(await send(france.address, `SIGNON Fdemo x${francePassword}`)).toMatch(/Invalid game, power or password/);
    expect(await send(france.address, `SIGNON Fdemo ${francePassword}`)).toMatch(SIGNED_ON);
  });

  it('locks an address that tries wrong passwords on many seats', async () => {
    const { send, francePassword } = await guarded();
    const others = Object.entries(POWER_INITIALS).filter(([power]) => power !== 'FRANCE');
    // Two guesses at each of five other powers: no seat reaches its lock, the address does at ten.
    for (const [, initial] of others.slice(0, 5)) {
      for (let i = 0; i < 2; i++) expect(await send('sprayer@evil.example', `SIGNON ${initial}demo guess${i}`)).toMatch(/Invalid game, power or password/);
    }
    expect(await send('sprayer@evil.example', `SIGNON Fdemo ${francePassword}`)).toMatch(LOCKED);
    expect(await send('bystander@evil.example', `SIGNON Fdemo ${francePassword}`)).toMatch(SIGNED_ON);
  });

  it('counts the Master password of PURGE and RENAME too', async () => {
    const { send } = await guarded();
    const guesses = Array.from({ length: 5 }, (_, i) => `PURGE demo guess${i}`);
    for (const line of guesses) expect(await send('purger@evil.example', line)).toMatch(/PURGE needs the Master's password of game 'demo'/);
    expect(await send('purger@evil.example', 'PURGE demo gmpass')).toMatch(LOCKED);
  });
});

describe('the minimum password length', () => {
  it('refuses a short new password and keeps older short ones working', async () => {
    const { store, send, clock, france, francePassword } = await guarded();
    const strict = new Judge(store, { ...HARNESS_JUDGE, minPasswordLength: 4 }, () => 0.3, clock);
    const sendStrict = async (from: string, text: string) => {
      const before = store.outbox().length;
      await strict.receive(inboundMail(from, text));
      return (
        store
          .outbox()
          .slice(before)
          .find((m) => m.kind === 'reply')?.body ?? ''
      );
    };
    const short = /A password on this judge has at least 4 characters: choose a longer one/;
    expect(await sendStrict('maker@players.example', 'CREATE other abc')).toMatch(short);
    expect(await sendStrict('maker@players.example', 'CREATE other abcd\nFORM')).not.toMatch(short);
    expect(await sendStrict('joiner@players.example', 'JOIN other xyz')).toMatch(short);
    expect(await sendStrict('watcher@players.example', 'OBSERVE demo a')).toMatch(short);
    // France's password (pwN) is three characters: it still signs on, but cannot be set anew.
    expect(await sendStrict(france.address, `SIGNON Fdemo ${francePassword}`)).toMatch(SIGNED_ON);
    expect(await sendStrict(france.address, `SIGNON Fdemo ${francePassword}\nSET PASSWORD pw0`)).toMatch(short);
    expect(await sendStrict(france.address, `SIGNON Fdemo ${francePassword}\nSET PASSWORD long-enough`)).not.toMatch(short);
    expect(await send(france.address, 'SIGNON Fdemo long-enough')).toMatch(SIGNED_ON);
  });
});
