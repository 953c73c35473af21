import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicViewPorts, PublicViewStore } from '../../src/judge/ports.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { publicSite } from '../../src/web/public-view.ts';
import { buildWebApp } from '../../src/web/server.ts';
import { TEST_JUDGE } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';

// The games page is kept until what it shows changes (public-view.ts, server.ts): a request
// while nothing changed reads only the print of the list, and a write by any judge on the database
// (here a second judge store, as another process would be) shows on the next request. The real
// store (PGlite) throughout; only the site's reads of the list are counted.

let database: TestDatabase;
let app: FastifyInstance;
const listReads = { count: 0 };

/** A judge of its own on the same database, as another `serve` process or the admin CLI would be. */
const otherJudge = () => new MailJudge(createJudgeStore(database.store.db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3);

beforeAll(async () => {
  database = await databaseBackend('pglite').open();
  const inner = createJudgeStore(database.store.db, { messageIdDomain: 'judge.example' });
  const counting: PublicViewStore = {
    transaction: (work) =>
      inner.transaction((tx) =>
        work({
          ...pick(tx),
          searchGames: (words, limit) => {
            listReads.count += 1;
            return tx.searchGames(words, limit);
          },
        }),
      ),
  };
  app = buildWebApp({
    site: publicSite(counting),
    info: { judgeName: 'Test Judge', judgeAddress: 'judge@judge.example' },
    health: async () => ({ ok: true, checks: {} }),
    metrics: async () => '',
    now: () => new Date(),
  });
  await otherJudge().receive(eml({ from: 'gm@players.example' }, 'CREATE alpha gmpass\nFORM'));
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

/** The site's ports of a transaction, each bound to it. */
function pick(tx: PublicViewPorts): PublicViewPorts {
  return {
    findGame: tx.findGame.bind(tx),
    gameOverview: tx.gameOverview.bind(tx),
    searchGames: tx.searchGames.bind(tx),
    gamesListPrint: tx.gamesListPrint.bind(tx),
    privateWordHash: tx.privateWordHash.bind(tx),
    seats: tx.seats.bind(tx),
    joinedPlayers: tx.joinedPlayers.bind(tx),
    phases: tx.phases.bind(tx),
    storedPhases: tx.storedPhases.bind(tx),
  };
}

const home = async (query = '') => (await app.inject({ method: 'GET', url: `/${query}` })).body;

describe('the games page kept until its games change', () => {
  it('reads the games once while nothing changes, and serves the same page', async () => {
    const first = await home();
    const reads = listReads.count;
    expect(first).toMatch(/alpha/);
    expect(await home()).toBe(first);
    expect(listReads.count).toBe(reads);
  });

  it('shows a game another judge created right after its CREATE', async () => {
    await home();
    await otherJudge().receive(eml({ from: 'gm2@players.example' }, 'CREATE beta gmpass\nFORM'));
    expect(await home()).toMatch(/beta/);
  });

  it("counts a player who joined a forming game, though the game's own row did not change", async () => {
    const before = await home();
    expect(before).not.toMatch(/1 of 7/);
    await otherJudge().receive(eml({ from: 'ann@players.example' }, 'JOIN alpha annpw'));
    expect(await home()).toMatch(/1 of 7/);
  });

  it('leaves out a game set unlisted, on the next request', async () => {
    expect(await home()).toMatch(/beta/);
    await otherJudge().receive(eml({ from: 'gm2@players.example' }, 'SIGNON Mbeta gmpass\nSET UNLISTED'));
    expect(await home()).not.toMatch(/beta/);
  });

  it('keeps a page per reader zone: a zone asked for gets its own page, the default its own', async () => {
    const plain = await home();
    const tokyo = await home('?zone=Asia/Tokyo');
    expect(tokyo).not.toBe(plain);
    expect(tokyo).toMatch(/value="Asia\/Tokyo"/);
    expect(await home()).toBe(plain);
    expect(await home('?zone=Nowhere/Else')).toMatch(/Unknown time zone 'Nowhere\/Else'/);
  });
});
