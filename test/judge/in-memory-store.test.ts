import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhaseId, PowerId } from '../../src/engine/types.ts';
import type { JudgeStore, StoredOrders } from '../../src/judge/ports.ts';
import { gameName } from '../support/names.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { SPRING_1901_ORDERS } from './game-fixture.ts';

// The in-memory storage port is only useful while it behaves as the real store where the judge
// can tell: the same mails, at the same (fixed) time, give the same replies, notices, results
// and scheduled jobs on both (the stores stamp rows with their own clock, the real time). One scripted game on each, compared whole.

const NOW = new Date('2026-11-21T12:00:00Z');

/**
 * HISTORY dates each press and notice by the store's own clock (PostgreSQL's now(), the in-memory
 * store's wall clock), and the two plays run one after the other: under load they can straddle a
 * minute. Those dates are the stores' business, not the judge's, so they are set aside here.
 */
function withoutStoreDates(body: string): string {
  return body.replace(/^Date: {4}.*$/gm, "Date:    (the store's clock)").replace(/(HISTORY \S+ FROM ).*$/gm, "$1(the store's clock)");
}

async function play(store: JudgeStore): Promise<void> {
  const game = await startHarnessGame(store, '', () => NOW);
  const judge = game.judge;
  await judge.receive(inboundMail('someone@players.example', 'LIST\nLIST demo\nHELP'));
  const powers = Object.keys(SPRING_1901_ORDERS);
  for (const power of powers.slice(0, 3)) await game.as(power, SPRING_1901_ORDERS[power]!.join('\n'));
  // A refused block (an order for someone else's unit) leaves the orders on file as they were.
  await game.as('FRANCE', 'A Par - Pic\nA Ber - Kie');
  await game.as('ENGLAND', 'STATUS');
  await game.as('ITALY', 'PRESS TO FRANCE\nHello from Rome.\nENDPRESS\nBROADCAST\nGreetings, all.\nENDPRESS');
  await game.as('GERMANY', 'SET WAIT');
  for (const power of powers.slice(3)) await game.as(power, SPRING_1901_ORDERS[power]!.join('\n'));
  await game.as('GERMANY', 'SET NOWAIT');
  await judge.receive(inboundMail('gm@players.example', 'SIGNON Mdemo gmpass\nSTATUS'));
  await judge.receive(inboundMail('someone@players.example', 'HISTORY demo'));
}

describe('the in-memory storage port against the real store (PGlite)', () => {
  let database: TestDatabase;
  const memory = new InMemoryJudgeStore();

  beforeAll(async () => {
    database = await databaseBackend('pglite').open();
    await play(createJudgeStore(database.store.db, { messageIdDomain: 'judge.example' }));
    await play(memory);
  }, 240_000);
  afterAll(() => database?.dispose());

  it('queues the same mails, in the same order', async () => {
    const rows = await database.store.db
      .selectFrom('outbox')
      .select(['to_addresses', 'subject', 'body', 'kind', 'game_id', 'attachments'])
      .orderBy('id')
      .execute();
    const real = rows.map((r) => ({
      to: r.to_addresses,
      subject: r.subject,
      body: withoutStoreDates(r.body),
      kind: r.kind,
      attachments: r.attachments.map((a) => a.filename),
    }));
    const fake = memory.outbox().map((m) => ({
      to: [...m.to],
      subject: m.subject,
      body: withoutStoreDates(m.body),
      kind: m.kind,
      attachments: (m.attachments ?? []).map((a) => a.filename),
    }));
    expect(fake.length).toBeGreaterThan(20);
    expect(fake.some((m) => m.kind === 'results')).toBe(true);
    expect(fake).toEqual(real);
  });

  it('records the same inbound outcomes and schedules the same jobs', async () => {
    const inbound = await database.store.db.selectFrom('inbound_mail').select(['from_address', 'outcome']).orderBy('id').execute();
    expect(memory.inbound().map((m) => ({ from_address: m.from, outcome: m.outcome }))).toEqual(inbound);
    const jobs = await database.store.db
      .selectFrom('jobs')
      .select(['kind', 'due_at', 'dedupe_key'])
      .where('done_at', 'is', null)
      .orderBy('due_at')
      .orderBy('kind')
      .execute();
    const fakeJobs = [...memory.jobs()]
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.kind.localeCompare(b.kind))
      .map((j) => ({ kind: j.kind, due_at: j.dueAt, dedupe_key: j.dedupeKey }));
    expect(fakeJobs).toEqual(jobs);
  });

  it("forgets the orders of a phase it discards, as the orders' foreign key cascades, so a phase stored again has none", async () => {
    const replayed = async (store: JudgeStore) => {
      let orders: readonly StoredOrders[] = [];
      await store
        .transaction(async (tx) => {
          const game = (await tx.findGame(gameName('demo')))!;
          const phase = (await tx.phase(game.id, game.currentPhase!))!;
          const later = { phaseId: 'S1909M' as PhaseId, seq: phase.seq + 50, position: phase.position };
          await tx.apply([
            { kind: 'savePhase', args: [game.id, later] },
            { kind: 'saveOrders', args: [game.id, later.phaseId, { power: 'FRANCE' as PowerId, lines: ['A Par H'], submitted: true, hasErrors: false }] },
            { kind: 'discardPhasesAfter', args: [game.id, phase.seq] },
            { kind: 'savePhase', args: [game.id, later] },
          ]);
          orders = await tx.orders(game.id, later.phaseId);
          throw new Error('undo');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || error.message !== 'undo') throw error;
        });
      return orders;
    };
    const real = await replayed(createJudgeStore(database.store.db, { messageIdDomain: 'judge.example' }));
    expect(real).toEqual([]);
    expect(await replayed(memory)).toEqual(real);
  });
});
