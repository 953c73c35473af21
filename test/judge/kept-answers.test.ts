import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JudgeStore } from '../../src/judge/ports.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';
import { recordingStore } from '../support/recording-transaction.ts';
import { TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// A group of mails (Judge.receiveAll, as the daemon hands over a burst) reads the public answers
// its mails ask for again (LIST's forming games and takeover openings, LIST game's overview) from
// the store once, and reads them again after a mail of the group wrote what may change them
// (src/judge/unit-of-work.ts). The store is the real one (PGlite); only its reads are counted.

let database: TestDatabase;
beforeAll(async () => {
  database = await databaseBackend('pglite').open();
});
afterAll(async () => database.dispose());
beforeEach(async () => database.reset());

/** The judge's store on the test database, with its calls counted by name (test/support/recording-transaction.ts). */
function countingStore(): { store: JudgeStore; reads: { get(name: string): number; clear(): void } } {
  const calls: string[] = [];
  const store = recordingStore(createJudgeStore(database.store.db, { messageIdDomain: 'judge.example' }), calls, () => true);
  return { store, reads: { get: (name) => calls.filter((call) => call === name).length, clear: () => void calls.splice(0) } };
}

const mail = (from: string, id: string, body: string) => ({ raw: eml({ from, subject: id, messageId: `<${id}@players.example>` }, body) });

async function replyBodies(): Promise<string[]> {
  const rows = await database.store.db.selectFrom('outbox').select('body').where('kind', '=', 'reply').orderBy('id').execute();
  return rows.map((r) => r.body);
}

describe('answers kept for a group of mails', () => {
  it('reads LIST once for a group that writes nothing in between, and every mail gets the same reply', async () => {
    const { store, reads } = countingStore();
    const judge = new MailJudge(store, TEST_JUDGE, () => 0.3);
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE demo gmpass\nFORM'));
    reads.clear();
    await judge.receiveAll(['a', 'b', 'c'].map((who) => mail(`${who}@players.example`, `list-${who}`, 'LIST')));
    expect(reads.get('openings')).toBe(1);
    expect(reads.get('takeoverOpenings')).toBe(1);
    const bodies = (await replyBodies()).slice(-3);
    expect(bodies[0]).toMatch(/demo/);
    expect(new Set(bodies).size).toBe(1);
  });

  it('reads LIST again after a mail of the group created a game, which the later LIST shows', async () => {
    const { store, reads } = countingStore();
    const judge = new MailJudge(store, TEST_JUDGE, () => 0.3);
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE demo gmpass\nFORM'));
    reads.clear();
    await judge.receiveAll([
      mail('a@players.example', 'list-1', 'LIST'),
      mail('b@players.example', 'list-2', 'LIST'),
      mail('gm2@players.example', 'create', 'CREATE newgame gmpass\nFORM'),
      mail('c@players.example', 'list-3', 'LIST'),
    ]);
    expect(reads.get('openings')).toBe(2);
    const [before, , , after] = (await replyBodies()).slice(-4);
    expect(before).toMatch(/demo/);
    expect(before).not.toMatch(/newgame/);
    expect(after).toMatch(/newgame/);
  });

  it('reads LIST game again after a JOIN in the group, and the later reply counts the new player', async () => {
    const { store, reads } = countingStore();
    const judge = new MailJudge(store, TEST_JUDGE, () => 0.3);
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE demo gmpass\nFORM'));
    reads.clear();
    await judge.receiveAll([
      mail('a@players.example', 'list-1', 'LIST demo'),
      mail('b@players.example', 'list-2', 'LIST demo'),
      mail('ann@players.example', 'join', 'JOIN demo annpw'),
      mail('c@players.example', 'list-3', 'LIST demo'),
    ]);
    expect(reads.get('gameOverview')).toBe(2);
    const [first, second, , after] = (await replyBodies()).slice(-4);
    expect(first).toMatch(/0 of 7 players have joined/);
    expect(second).toBe(first);
    expect(after).toMatch(/1 of 7 players have joined/);
  });

  it('forgets what a failed block read after its own write, which the block undid', async () => {
    const { store } = countingStore();
    const judge = new MailJudge(store, TEST_JUDGE, () => 0.3);
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE demo gmpass\nFORM'));
    // Ann's block joins, LISTs the game (reading her seat as written) and then fails on a line it
    // cannot do: the block is undone, so the next mail's LIST counts nobody.
    await judge.receiveAll([
      mail('ann@players.example', 'join', 'JOIN demo annpw\nLIST demo\nNO SUCH COMMAND'),
      mail('c@players.example', 'list', 'LIST demo'),
    ]);
    const [failed, after] = (await replyBodies()).slice(-2);
    expect(failed).toMatch(/Nothing in this block was done/);
    expect(after).toMatch(/0 of 7 players have joined/);
  });

  it('shares only the public view: in a gunboat game a stranger LISTing after a player sees no player, as the player does', async () => {
    const { store, reads } = countingStore();
    const judge = new MailJudge(store, TEST_JUDGE, () => 0.3);
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE gb gmpass standard gunboat\nFORM'));
    await judge.receive(eml({ from: 'ann@players.example' }, 'JOIN gb annpw'));
    reads.clear();
    await judge.receiveAll([mail('ann@players.example', 'list-ann', 'LIST gb'), mail('bob@players.example', 'list-bob', 'LIST gb')]);
    expect(reads.get('gameOverview')).toBe(1);
    const [ann, bob] = (await replyBodies()).slice(-2);
    expect(ann).toMatch(/1 of 7 players have joined/);
    for (const body of [ann, bob]) expect(body).not.toMatch(/ann@players\.example/);
    expect(bob).toBe(ann);
  });
});
