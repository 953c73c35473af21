import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { restoreBackup, runAdminRequest, type AdminContext, type AdminRequest } from '../../src/daemon/admin/operations.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { keepFailedMail } from '../../src/store/admin-store.ts';
import { dumpDatabase } from '../../src/store/backup.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { openStore, type Database, type Store } from '../../src/store/index.ts';
import { describeEachDatabase, pgliteTemplate } from '../support/databases.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';
import { startGame, TEST_JUDGE } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';

// The judgekeeper's operations (`dipjudge games`, `game`, `mail failed|retry`, `outbox --failed`,
// `backup`, `restore`, `migrate-to`) on each database, as the command line and the running
// judge's admin socket run them.

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-admin-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const scratches: ScratchDatabase[] = [];
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
});

/** A new empty database of the same kind as `store`, for restores. */
async function emptyLike(store: Store): Promise<{ store: Store; url: string | null }> {
  if (store.kind === 'pglite') return { store: await openStore({ loadDataDir: await pgliteTemplate() }), url: null };
  const scratch = await createScratchDatabase('dipjudge_restore');
  scratches.push(scratch);
  return { store: await openStore({ databaseUrl: scratch.url }), url: scratch.url };
}

/** Every table as row_to_json text, in a stable order: two databases holding the same judge compare equal. */
async function contents(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const lines: string[] = [];
  await dumpDatabase(db, (line) => void lines.push(line));
  const tables: Record<string, string[]> = {};
  for (const line of lines.slice(1)) {
    const batch = JSON.parse(line) as { table: string; rows: unknown[] };
    (tables[batch.table] ??= []).push(...batch.rows.map((row) => JSON.stringify(row)));
  }
  for (const rows of Object.values(tables)) rows.sort();
  return tables;
}

describeEachDatabase('the judgekeeper operations', (getStore) => {
  const context = (): AdminContext => ({
    store: getStore(),
    settings: loadConfig({ DIPJUDGE_SPOOL_DIR: path.join(work, 'spool'), JUDGE_ADDRESS: TEST_JUDGE.address }),
  });
  const ask = (request: AdminRequest) => runAdminRequest(context(), request);
  const json = async <T>(request: AdminRequest) => JSON.parse((await ask(request)).stdout) as T;

  it('games and game: a running gunboat game with its seats, orders on file without their text, jobs and results', async () => {
    const game = await startGame(getStore().db, 'RULES GUNBOAT');
    await game.as('FRANCE', 'A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao');

    const games = await json<{ name: string; status: string; phase: string; players: number; variant: string }[]>({ op: 'games', json: true });
    expect(games).toEqual([expect.objectContaining({ name: 'demo', variant: 'standard', status: 'active', phase: 'S1901M', players: 7 })]);
    const text = (await ask({ op: 'games' })).stdout;
    expect(text).toMatch(/^game\s+variant\s+state\s+phase\s+deadline \(UTC\)\s+players\ndemo\s+standard\s+active\s+S1901M\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+7\n$/);

    const detail = await json<{
      game: { rules: string[] };
      seats: { role: string; power: string | null; stints: unknown[] }[];
      orders: { power: string; submitted: boolean; lineCount: number; lines: string[] }[];
      jobs: { kind: string }[];
    }>({ op: 'game', name: 'demo', json: true });
    expect(detail.game.rules).toContain('GUNBOAT');
    expect(detail.seats.filter((s) => s.role === 'power')).toHaveLength(7);
    expect(detail.seats.every((s) => s.stints.length >= 1)).toBe(true);
    expect(detail.orders).toEqual([expect.objectContaining({ power: 'FRANCE', submitted: true, lineCount: 3, lines: [] })]);
    expect(detail.jobs.map((j) => j.kind)).toContain('deadline');
    const shown = (await ask({ op: 'game', name: 'demo' })).stdout;
    expect(shown).toContain('FRANCE     submitted, 3 line(s)\n');
    expect(shown).not.toContain('Par - Bur');
    expect(shown).not.toMatch(/scrypt/);

    expect(await ask({ op: 'game', name: 'nosuch' })).toEqual({ stdout: 'no game named nosuch\n', exitCode: 1 });
  });

  it('game shows the order texts of a game that is not gunboat', async () => {
    const game = await startGame(getStore().db, '');
    await game.as('FRANCE', 'A Par - Bur');
    const shown = (await ask({ op: 'game', name: 'demo' })).stdout;
    expect(shown).toMatch(/FRANCE {5}(not )?submitted.*, 1 line\(s\): A Par - Bur\n/);
  });

  it('game shows control characters a player wrote as escapes, never as the terminal sequences they were (issue 25)', async () => {
    await startGame(getStore().db, '');
    await getStore().db.updateTable('games').set({ description: 'Clear\x1b[2J\x1b]0;owned\x07 and\r\x9b31m red' }).where('name', '=', 'demo').execute();
    const shown = (await ask({ op: 'game', name: 'demo' })).stdout;
    expect(shown).toContain('  Clear\\u001b[2J\\u001b]0;owned\\u0007 and\\u000d\\u009b31m red\n');
    expect(shown).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    const asJson = (await ask({ op: 'game', name: 'demo', json: true })).stdout;
    expect(asJson).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    expect((JSON.parse(asJson) as { game: { description: string } }).game.description).toBe('Clear\x1b[2J\x1b]0;owned\x07 and\r\x9b31m red');
  });

  it('mail failed lists the mail the judge failed on, and mail retry judges it again once the fault is gone', async () => {
    const db = getStore().db;
    const healthy = new MailJudge(createJudgeStore(db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3);
    await healthy.receive(eml({ from: 'gm@players.example' }, 'CREATE newgame gmpass\nFORM'));
    for (let i = 2; i <= 7; i++) await healthy.receive(eml({ from: `p${i}@players.example` }, `JOIN newgame pass${i}`));
    // The last JOIN starts the game and draws the powers: a random source that fails is a fault of the judge's.
    const mail = eml({ from: 'p1@players.example', subject: 'hello', messageId: '<broken-1@players.example>' }, 'JOIN newgame pass1');
    const broken = new MailJudge(
      createJudgeStore(db, { messageIdDomain: 'judge.example' }),
      TEST_JUDGE,
      () => {
        throw new Error('the random source is unavailable');
      },
      () => new Date(),
      { error: () => undefined },
    );
    const outcome = await broken.receive(mail);
    expect(outcome.status).toBe('failed');
    await keepFailedMail(db, outcome.messageId, Buffer.from(mail));

    const failed = await json<{ id: string; messageId: string; from: string; kept: boolean }[]>({ op: 'mail-failed', json: true });
    expect(failed).toEqual([expect.objectContaining({ messageId: '<broken-1@players.example>', from: 'p1@players.example', kept: true })]);
    expect((await ask({ op: 'mail-failed' })).stdout).toContain(`dipjudge mail retry ${failed[0]!.id}`);

    const retried = await ask({ op: 'mail-retry', id: failed[0]!.id });
    expect(retried.exitCode).toBe(0);
    expect(retried.stdout).toMatch(/^# processed <broken-1@players.example>: 1 block\(s\), 0 refused; \d+ message\(s\) queued/);
    expect(retried.stdout).toMatch(/newgame/);
    expect(await json({ op: 'mail-failed', json: true })).toEqual([]);
    expect(await db.selectFrom('failed_mail').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('games').select(['name', 'status']).execute()).toEqual([{ name: 'newgame', status: 'active' }]);
    expect(await db.selectFrom('seats').select('address').where('address', '=', 'p1@players.example').execute()).toHaveLength(1);
    // Nothing left to retry.
    expect(await ask({ op: 'mail-retry', id: failed[0]!.id })).toMatchObject({ exitCode: 1 });
  });

  it('outbox --failed lists the mail given up, with its last error', async () => {
    const db = getStore().db;
    await db
      .insertInto('outbox')
      .values({
        message_id: '<dead-1@judge.example>',
        to_addresses: ['gone@nowhere.example'],
        subject: 'Results',
        body: 'text',
        status: 'dead',
        attempts: 12,
        last_error: '550 no such user',
      })
      .execute();
    await db
      .insertInto('outbox')
      .values({ message_id: '<live-1@judge.example>', to_addresses: ['p@players.example'], subject: 'Reply', body: 'text' })
      .execute();
    const dead = (await ask({ op: 'outbox', failed: true })).stdout;
    expect(dead).toMatch(/^# 1 message\(s\) given up/);
    expect(dead).toContain('To: gone@nowhere.example');
    expect(dead).toContain('X-Dipjudge-Last-Error: 550 no such user');
    expect(dead).not.toContain('p@players.example');
    expect(await json<{ subject: string }[]>({ op: 'outbox', json: true })).toEqual([expect.objectContaining({ subject: 'Reply' })]);
  });

  it('backup and restore: a running game comes back identical, into an empty database only, and ids carry on', { timeout: 120_000 }, async () => {
    const game = await startGame(getStore().db, '');
    await game.as('ENGLAND', 'F Lon - Nth');
    const file = path.join(work, `round-trip-${getStore().kind}.jsonl`);
    expect((await ask({ op: 'backup', file })).stdout).toMatch(/^backed up \d+ row\(s\) of \d+ table\(s\) to /);

    const target = await emptyLike(getStore());
    try {
      expect((await restoreBackup(target.store, file)).stdout).toMatch(/^restored \d+ row\(s\)/);
      expect(await contents(target.store.db)).toEqual(await contents(getStore().db));
      await expect(restoreBackup(target.store, file)).rejects.toThrow(/the database is not empty \(table \w+ has rows\)/);
      // The restored judge plays on: new rows get new ids.
      const judge = new MailJudge(createJudgeStore(target.store.db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3);
      expect((await judge.receive(eml({ from: 'x@players.example' }, 'LIST demo'))).status).toBe('processed');
    } finally {
      await target.store.close();
    }
    await expect(restoreBackup(getStore(), path.join(work, 'nope.jsonl'))).rejects.toThrow();
  });

  it('a backup taken while mail arrives restores to a consistent state: each judged mail with its reply', { timeout: 120_000 }, async () => {
    const db = getStore().db;
    const judge = new MailJudge(createJudgeStore(db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3);
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE busy gmpass'));
    const file = path.join(work, `busy-${getStore().kind}.jsonl`);
    let stop = false;
    let sent = 0;
    const traffic = (async () => {
      while (!stop || sent < 10) {
        // Mail comes by I/O: on in-process PGlite a mail read and judged is promises alone, which
        // would never let the backup's timer below run.
        await new Promise((resolve) => setImmediate(resolve));
        sent++;
        await judge.receive(eml({ from: `p${sent}@players.example`, messageId: `<busy-${sent}@players.example>` }, sent % 2 === 0 ? 'LIST busy' : 'HELP'));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await ask({ op: 'backup', file });
    stop = true;
    await traffic;

    const target = await emptyLike(getStore());
    try {
      await restoreBackup(target.store, file);
      const inbound = await target.store.db.selectFrom('inbound_mail').select('message_id').where('message_id', 'like', '<busy-%').execute();
      const replies = await target.store.db
        .selectFrom('outbox')
        .select(sql<string>`headers->>'In-Reply-To'`.as('to'))
        .where(sql<string>`headers->>'In-Reply-To'`, 'like', '<busy-%')
        .execute();
      expect(replies.map((r) => r.to).sort()).toEqual(inbound.map((r) => r.message_id).sort());
      // The backup fell between the mails, not before or after all of them.
      expect(inbound.length).toBeLessThan(sent);
    } finally {
      await target.store.close();
    }
  });
});

it('migrate-to copies a PGlite judge into an empty PostgreSQL database, and refuses a database that is not empty', { timeout: 60_000 }, async () => {
  const source = await openStore({ loadDataDir: await pgliteTemplate() });
  const scratch = await createScratchDatabase('dipjudge_migrate_to');
  scratches.push(scratch);
  try {
    const game = await startGame(source.db, 'RULES GUNBOAT');
    await game.as('ITALY', 'A Ven - Tyr');
    const settings = loadConfig({ DIPJUDGE_SPOOL_DIR: path.join(work, 'spool') });
    const answer = await runAdminRequest({ store: source, settings }, { op: 'migrate-to', databaseUrl: scratch.url });
    expect(answer.stdout).toMatch(/^copied \d+ row\(s\) of \d+ table\(s\) into PostgreSQL/);
    const target = await openStore({ databaseUrl: scratch.url });
    try {
      expect(await contents(target.db)).toEqual(await contents(source.db));
    } finally {
      await target.close();
    }
    await expect(runAdminRequest({ store: source, settings }, { op: 'migrate-to', databaseUrl: scratch.url })).rejects.toThrow(/not empty/);
  } finally {
    await source.close();
  }
});

it('a backup file is whole or absent, and only its owner may read it: it is written beside its name (0600) and renamed', async () => {
  const store = await openStore({ loadDataDir: await pgliteTemplate() });
  try {
    const file = path.join(work, 'whole.jsonl');
    // What an interrupted backup left, readable by all: not reused with its mode.
    await writeFile(`${file}.partial`, 'half a backup', { mode: 0o644 });
    await runAdminRequest({ store, settings: loadConfig({}) }, { op: 'backup', file });
    const [header] = (await readFile(file, 'utf8')).split('\n');
    expect(JSON.parse(header!)).toMatchObject({ format: 'dipjudge-backup', version: 1 });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await expect(readFile(`${file}.partial`)).rejects.toThrow();
    // The owner's restore takes it.
    const target = await openStore({ loadDataDir: await pgliteTemplate() });
    try {
      expect((await restoreBackup(target, file)).stdout).toMatch(/^restored \d+ row\(s\)/);
    } finally {
      await target.close();
    }
  } finally {
    await store.close();
  }
});
