import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readGameEnding } from '../../src/judge/reports/ending-format.ts';
import { DEFAULT_SQL_DIR, migrate, openStore, type Database } from '../../src/store/index.ts';
import { unmigratedPgliteTemplate } from '../support/databases.ts';
import { createScratchDatabase } from '../support/scratch-postgres.ts';
import { insertGame, insertPhase } from './fixtures.ts';

// sql/022 gives games that ended before endings were stored the reason their end notice gave, so
// SUMMARY keeps saying it after the upgrade: the judge's data as an older version left it, then 022.

const ENDINGS_MIGRATION = '022_game_endings.sql';

async function migrateBefore(db: Kysely<Database>): Promise<string> {
  const sqlDir = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-sql-'));
  for (const file of await readdir(DEFAULT_SQL_DIR))
    if (file.endsWith('.sql') && file < ENDINGS_MIGRATION) await copyFile(path.join(DEFAULT_SQL_DIR, file), path.join(sqlDir, file));
  await migrate(db, { sqlDir });
  return sqlDir;
}

async function endingsAfterUpgrade(db: Kysely<Database>) {
  const sqlDir = await migrateBefore(db);
  try {
    const game = async (name: string, status: string, notices: readonly [string, string][] = []) => {
      const { id } = await insertGame(db, { name });
      // A game in play or over has a current phase (games_phase_when_playing).
      await insertPhase(db, id, 'F1905M', 0);
      await sql`UPDATE games SET status = ${status}, current_phase = 'F1905M' WHERE id = ${id}`.execute(db);
      for (const [subject, body] of notices) await sql`INSERT INTO game_notices (game_id, subject, body) VALUES (${id}, ${subject}, ${body})`.execute(db);
    };
    await game('solo', 'completed', [
      ['Deadline', 'Orders are due.'],
      ['Victory: F', "Game 'solo' is over. France has won with 18 supply centres.\nThe final position follows."],
    ]);
    await game('drawn', 'completed', [['Game over', "Game 'drawn' is over. It ends in a draw between England and France."]]);
    await game('twice', 'completed', [
      ['Game over', "Game 'twice' is over. The Master ended the game."],
      ['Victory: R', "Game 'twice' is over. Russia has won."],
    ]);
    await game('silent', 'completed');
    await game('stopped', 'terminated');
    await game('playing', 'active', [['Game over', "Game 'playing' is over. The Master ended the game."]]);
    await copyFile(path.join(DEFAULT_SQL_DIR, ENDINGS_MIGRATION), path.join(sqlDir, ENDINGS_MIGRATION));
    expect(await migrate(db, { sqlDir })).toEqual({ applied: ['022_game_endings'] });
    const { rows } = await sql<{ name: string; ending: unknown }>`SELECT name, ending FROM games ORDER BY id`.execute(db);
    return Object.fromEntries(rows.map((row) => [row.name, readGameEnding(row.ending)]));
  } finally {
    await rm(sqlDir, { recursive: true, force: true });
  }
}

const EXPECTED = {
  solo: { kind: 'told', victors: [], text: 'France has won with 18 supply centres.' },
  drawn: { kind: 'told', victors: [], text: 'It ends in a draw between England and France.' },
  // The last end notice tells, as SUMMARY read it.
  twice: { kind: 'told', victors: [], text: 'Russia has won.' },
  silent: null,
  stopped: { kind: 'terminated', victors: [] },
  playing: null,
};

describe('sql/022 keeps the reason of games that ended before it', () => {
  it('on PGlite', async () => {
    // As initdb leaves it, from a kept dump of one instead of running initdb again.
    const store = await openStore({ loadDataDir: await unmigratedPgliteTemplate(), migrate: false });
    try {
      expect(await endingsAfterUpgrade(store.db)).toEqual(EXPECTED);
    } finally {
      await store.close();
    }
  });

  it('on PostgreSQL', async () => {
    const scratch = await createScratchDatabase('dipjudge_endings');
    const store = await openStore({ databaseUrl: scratch.url, migrate: false, poolSize: 1 });
    try {
      expect(await endingsAfterUpgrade(store.db)).toEqual(EXPECTED);
    } finally {
      await store.close();
      await scratch.drop();
    }
  });
});
