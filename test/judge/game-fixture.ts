import { sql, type Kysely } from 'kysely';
import { onScheduledGameEvent } from '../../src/judge/kinds/events.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { withoutMarks } from '../../src/render/wrap.ts';
import { runDueJobs } from '../../src/store/job-queue.ts';
import { createJudgeStore, gameEventOf, judgeTransaction } from '../../src/store/judge-store.ts';
import type { Database } from '../../src/store/index.ts';
import { eml } from './mail-builder.ts';

// A started seven-player game, for tests that need one: the Master is gm@players.example and
// each power's player is known by address and password. Its phases are processed as soon as all
// orders are in (`TIMING MIN 0 DELAY 0`; WAIT still holds them) unless the test asks for njudge's
// default timing, where the turn waits for the delay after the last orders and the phase's minimum.

// A cheap scrypt cost keeps game set-ups fast; test/judge/passwords.test.ts checks the real default.
export const TEST_JUDGE = { address: 'judge@judge.example', name: 'dipjudge', code: 'DIP', passwordCost: 1024 };
export const INITIALS: Record<string, string> = { AUSTRIA: 'A', ENGLAND: 'E', FRANCE: 'F', GERMANY: 'G', ITALY: 'I', RUSSIA: 'R', TURKEY: 'T' };

/** A common opening for every power, for tests that need Spring 1901 played. */
export const SPRING_1901_ORDERS: Record<string, string[]> = {
  AUSTRIA: ['A Vie - Gal', 'A Bud - Ser', 'F Tri - Alb'],
  ENGLAND: ['F Lon - Nth', 'F Edi - Nwg', 'A Lvp - Yor'],
  FRANCE: ['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Mao'],
  GERMANY: ['A Ber - Kie', 'F Kie - Den', 'A Mun - Ruh'],
  ITALY: ['A Ven H', 'A Rom - Apu', 'F Nap - Ion'],
  RUSSIA: ['A Mos - Ukr', 'A War - Gal', 'F Sev - Bla', 'F Stp/sc - Bot'],
  TURKEY: ['A Con - Bul', 'A Smy - Con', 'F Ank - Bla'],
};

export interface StartedGame {
  readonly judge: MailJudge;
  readonly holder: Map<string, { readonly address: string; readonly password: string }>;
  /** Sends `lines` signed on as the power; returns the body of the reply. */
  as(power: string, lines: string): Promise<string>;
}

/** 'immediate': processed when the last orders come in; 'njudge': after the delay, not before the minimum. */
export type FixtureTiming = 'immediate' | 'njudge';

export async function startGame(
  db: Kysely<Database>,
  createLines: string,
  clock: () => Date = () => new Date(),
  options: { readonly timing?: FixtureTiming } = {},
): Promise<StartedGame> {
  const judge = new MailJudge(createJudgeStore(db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3, clock);
  const timingRule = (options.timing ?? 'immediate') === 'immediate' ? 'TIMING MIN 0 DELAY 0\n' : '';
  await judge.receive(eml({ from: 'gm@players.example' }, `CREATE demo gmpass\n${timingRule}${createLines}\nFORM`));
  for (let i = 1; i <= 7; i++) await judge.receive(eml({ from: `p${i}@players.example` }, `JOIN demo pw${i}`));
  const seats = await db.selectFrom('seats').select(['power', 'address']).where('role', '=', 'power').execute();
  const holder = new Map<string, { address: string; password: string }>(
    seats.map((s) => [s.power!, { address: s.address, password: `pw${s.address.slice(1, 2)}` }]),
  );
  return {
    judge,
    holder,
    async as(power, lines) {
      const { address, password } = holder.get(power)!;
      const messageId = `<as-${Math.random().toString(36).slice(2)}@players.example>`;
      await judge.receive(eml({ from: address, messageId }, `SIGNON ${INITIALS[power]}demo ${password}\n${lines}`));
      const reply = await db
        .selectFrom('outbox')
        .select('body')
        .where('kind', '=', 'reply')
        .where(sql<boolean>`${address} = ANY(to_addresses)`)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return reply.body;
    },
  };
}

/**
 * Moves a fake clock from job to job up to `until`, running each game event at its own due time as
 * the daemon's scheduler would; `step` sees the clock after each (e.g. to collect what was sent).
 * Returns with the clock at `until`.
 */
export async function runGameEventsUntil(db: Kysely<Database>, until: Date, setNow: (at: Date) => void, step?: (at: Date) => Promise<void>): Promise<void> {
  for (;;) {
    const next = await db.selectFrom('jobs').select('due_at').where('done_at', 'is', null).orderBy('due_at').executeTakeFirst();
    if (!next || next.due_at > until) break;
    setNow(next.due_at);
    await runDueGameEvents(db, next.due_at);
    await step?.(next.due_at);
  }
  setNow(until);
}

/**
 * Runs the game events due at `now` through the real job queue, as the daemon's scheduler does;
 * returns how many ran. A failing event fails the test instead of being retried later.
 */
export async function runDueGameEvents(db: Kysely<Database>, now: Date): Promise<number> {
  const failures: unknown[] = [];
  const result = await runDueJobs(db, {
    now: () => now,
    workerId: 'test',
    handle: async (trx, job) => {
      const event = gameEventOf(job);
      if (event === null) return;
      try {
        await onScheduledGameEvent(judgeTransaction(trx, { messageIdDomain: 'judge.example' }), TEST_JUDGE, event, now);
      } catch (error) {
        failures.push(error);
        throw error;
      }
    },
  });
  if (failures.length > 0) throw failures[0];
  return result.done;
}

/** The body of the newest reply queued to `address`. */
export async function lastReplyTo(db: Kysely<Database>, address: string): Promise<string> {
  const row = await db
    .selectFrom('outbox')
    .select('body')
    .where('kind', '=', 'reply')
    .where(sql<boolean>`${address} = ANY(to_addresses)`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  // As the player reads it: the sender drops the marks around text copied verbatim (HISTORY's results, echoed press).
  return withoutMarks(row.body);
}
