import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { serve } from '../../src/daemon/serve.ts';
import { eml } from '../judge/mail-builder.ts';
import { databaseBackend } from '../support/databases.ts';

// The daemon's scheduler: when a game's deadline job falls due, the daemon sends the late notice.

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('runs due deadline jobs: a late notice goes out when the deadline passes without orders', { timeout: 90_000 }, async () => {
  const database = await databaseBackend('postgres').open();
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-scheduler-'));
  dirs.push(root);
  const settings = loadConfig({
    DATABASE_URL: database.databaseUrl!,
    DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
    DIPJUDGE_POLL_MS: '50',
    DIPJUDGE_PASSWORD_COST: '1024',
    JUDGE_ADDRESS: 'judge@judge.example',
  });
  const running = await serve(settings, pino({ level: 'silent' }));
  const inbox = path.join(root, 'spool', 'inbox');
  const outbox = path.join(root, 'spool', 'outbox');
  const waitForFiles = async (predicate: (texts: string[]) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const texts = await Promise.all(
        (await readdir(outbox)).map(async (f) => {
          const mail = await simpleParser(await readFile(path.join(outbox, f)));
          return `${mail.subject}\n${mail.text}`;
        }),
      );
      if (predicate(texts)) return texts;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('timed out waiting for outgoing mail');
  };
  try {
    await writeFile(path.join(inbox, '00.eml'), eml({ from: 'gm@players.example' }, 'CREATE demo gmpw\nFORM'));
    for (let i = 1; i <= 7; i++) await writeFile(path.join(inbox, `0${i}.eml`), eml({ from: `p${i}@players.example` }, `JOIN demo pass${i}`));
    await waitForFiles((texts) => texts.filter((t) => t.includes('Game starting')).length === 8);
    const { db } = database.store;
    expect((await db.selectFrom('jobs').select('kind').where('done_at', 'is', null).execute()).map((j) => j.kind)).toContain('deadline');
    // Nobody orders; the deadline is made to fall due now.
    await db.updateTable('jobs').set({ due_at: sql`now() - interval '1 minute'` }).where('kind', '=', 'deadline').execute();
    await db.updateTable('games').set({ deadline_at: sql`now() - interval '1 minute'` }).execute();
    const texts = await waitForFiles((all) => all.some((t) => t.includes('Late Notice')));
    const notice = texts.find((t) => t.includes('Late Notice'))!;
    // Mail goes out wrapped at 76 columns: the sentence may break anywhere.
    expect(notice.replace(/\s+/g, ' ')).toMatch(/is waiting for Austria, England, France, Germany, Italy, Russia, Turkey's orders/);
    expect((await db.selectFrom('seats').select('late_count').where('role', '=', 'power').execute()).every((s) => s.late_count === 1)).toBe(true);
  } finally {
    await running.stop();
    await database.dispose();
  }
});
