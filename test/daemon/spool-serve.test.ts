import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { serve } from '../../src/daemon/serve.ts';
import { drainInbox, drainOutboxToFiles, prepareSpool, spoolFolders } from '../../src/daemon/spool.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { openStore } from '../../src/store/index.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { TEST_JUDGE } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';
import { databaseBackend, seedPgliteDataDir } from '../support/databases.ts';
import { startSmtpCapture } from '../support/smtp-capture.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('answers a mail dropped into the spool inbox with an .eml in the spool outbox, and stops cleanly', { timeout: 60_000 }, async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-serve-'));
  dirs.push(root);
  // A first start on an empty data folder (initdb and every migration) is tested by test/cli/built-command-line.test.ts.
  await seedPgliteDataDir(path.join(root, 'db'));
  const settings = loadConfig({ DIPJUDGE_DATA_DIR: path.join(root, 'db'), DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'), DIPJUDGE_POLL_MS: '50', JUDGE_ADDRESS: 'judge@judge.example' });
  const running = await serve(settings, pino({ level: 'silent' }));
  try {
    await writeFile(path.join(root, 'spool', 'inbox', '0001.eml'), eml({ from: 'ann@players.example', subject: 'first', messageId: '<first@players.example>' }, 'LIST'));
    await running.settled();
    await running.settled();
    expect(await readdir(path.join(root, 'spool', 'inbox'))).toEqual([]);
    expect(await readdir(path.join(root, 'spool', 'processed'))).toEqual(['0001.eml']);
    const written = await readdir(path.join(root, 'spool', 'outbox'));
    expect(written).toHaveLength(1);
    const reply = await simpleParser(await readFile(path.join(root, 'spool', 'outbox', written[0]!)));
    expect(reply.subject).toBe('Re: first');
    expect(reply.inReplyTo).toBe('<first@players.example>');
    expect(reply.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply.from?.value[0]?.address).toBe('judge@judge.example');
    expect(reply.text).toMatch(/no games on this judge/);
  } finally {
    await running.stop();
  }
});

it('sends replies through SMTP when SMTP_URL is set', { timeout: 60_000 }, async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-serve-smtp-'));
  dirs.push(root);
  const capture = await startSmtpCapture();
  await seedPgliteDataDir(path.join(root, 'db'));
  const settings = loadConfig({ DIPJUDGE_DATA_DIR: path.join(root, 'db'), DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'), DIPJUDGE_POLL_MS: '50', SMTP_URL: capture.url, JUDGE_ADDRESS: 'judge@judge.example' });
  const running = await serve(settings, pino({ level: 'silent' }));
  try {
    await writeFile(path.join(root, 'spool', 'inbox', '0001.eml'), eml({ from: 'bob@players.example', subject: 'help please', messageId: '<help@players.example>' }, 'HELP'));
    await capture.waitFor(1, 20_000);
    const [reply] = capture.messages;
    expect(reply!.envelope.to).toEqual(['bob@players.example']);
    expect(reply!.parsed.subject).toBe('Re: help please');
    expect(reply!.parsed.text).toMatch(/dipjudge understands the e-mail commands/);
    expect(await readdir(path.join(root, 'spool', 'outbox'))).toEqual([]);
  } finally {
    await running.stop();
    await capture.close();
  }
});

it('moves a mail the judge failed on to spool/failed once, and leaves mail the database could not take in the inbox', { timeout: 60_000 }, async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-spool-failed-'));
  dirs.push(root);
  const folders = spoolFolders(path.join(root, 'spool'));
  await prepareSpool(folders);
  const database = await databaseBackend('pglite').open();
  const silent = { error: () => undefined };
  try {
    const judgeWith = (random: () => number) => new MailJudge(createJudgeStore(database.store.db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, random, () => new Date(), silent);
    // A forming game one player short: the seventh JOIN starts it and needs the random source.
    const healthy = judgeWith(() => 0.3);
    await healthy.receive(eml({ from: 'gm@players.example' }, 'CREATE demo gmpass\nFORM'));
    for (let i = 1; i <= 6; i++) await healthy.receive(eml({ from: `p${i}@players.example` }, `JOIN demo pw${i}`));
    const outboxSize = async () => (await database.store.db.selectFrom('outbox').select('id').execute()).length;
    const repliesBefore = await outboxSize();

    await writeFile(path.join(folders.inbox, '0001.eml'), eml({ from: 'p7@players.example', messageId: '<join-7@players.example>' }, 'JOIN demo pw7'));
    await writeFile(path.join(folders.inbox, '0002.eml'), eml({ from: 'ann@players.example', messageId: '<list@players.example>' }, 'LIST'));
    const statuses: string[] = [];
    const broken = judgeWith(() => {
      throw new Error('the random source is unavailable');
    });
    expect(await drainInbox(folders, broken, (file, status) => statuses.push(`${file} ${status}`))).toBe(2);
    expect(statuses).toEqual(['0001.eml failed', '0002.eml processed']);
    expect(await readdir(folders.inbox)).toEqual([]);
    expect(await readdir(folders.failed)).toEqual(['0001.eml']);
    expect(await readdir(folders.processed)).toEqual(['0002.eml']);
    expect(await outboxSize()).toBe(repliesBefore + 2);
    // The next round finds nothing to do: the failed mail is not tried again.
    expect(await drainInbox(folders, broken)).toBe(0);
    expect(await outboxSize()).toBe(repliesBefore + 2);

    // A database that cannot be reached is a transient failure: the round stops, the mail waits.
    const unreachable = await openStore({ databaseUrl: 'postgres://postgres@127.0.0.1:1/dipjudge', migrate: false });
    try {
      const judge = new MailJudge(createJudgeStore(unreachable.db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3, () => new Date(), silent);
      await writeFile(path.join(folders.inbox, '0003.eml'), eml({ from: 'bob@players.example' }, 'LIST'));
      await expect(drainInbox(folders, judge)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      expect(await readdir(folders.inbox)).toEqual(['0003.eml']);
    } finally {
      await unreachable.close();
    }
  } finally {
    await database.dispose();
  }
});

it('writes a mail to several players with undisclosed recipients, naming them only in the local X-Envelope-To', { timeout: 60_000 }, async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-spool-envelope-'));
  dirs.push(root);
  const folders = spoolFolders(path.join(root, 'spool'));
  await prepareSpool(folders);
  const database = await databaseBackend('pglite').open();
  try {
    await database.store.db
      .insertInto('outbox')
      .values({ message_id: '<results-1@judge.example>', to_addresses: ['ann@players.example', 'bob@players.example'], subject: 'DIP:demo - S1901M Results', body: 'Results.\n', kind: 'results' })
      .execute();
    expect(await drainOutboxToFiles(database.store.db, folders, { name: 'dipjudge', address: 'judge@judge.example' })).toBe(1);
    const [file] = await readdir(folders.outbox);
    const written = await simpleParser(await readFile(path.join(folders.outbox, file!)));
    expect(written.headers.get('to')).toMatchObject({ value: [{ name: 'undisclosed-recipients', group: [] }] });
    expect(written.headers.get('x-envelope-to')).toBe('ann@players.example, bob@players.example');
  } finally {
    await database.dispose();
  }
});

it('logs one line per handled mail with the games it changed, and never the mail text or a password', { timeout: 60_000 }, async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-serve-log-'));
  dirs.push(root);
  const lines: Record<string, unknown>[] = [];
  const sink = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  await seedPgliteDataDir(path.join(root, 'db'));
  const settings = loadConfig({ DIPJUDGE_DATA_DIR: path.join(root, 'db'), DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'), DIPJUDGE_POLL_MS: '50', JUDGE_ADDRESS: 'judge@judge.example' });
  const running = await serve(settings, pino({ level: 'info' }, sink));
  try {
    await writeFile(path.join(root, 'spool', 'inbox', '0001.eml'), eml({ from: 'gm@players.example', messageId: '<create@players.example>' }, 'CREATE logdemo topsecretpw\nDESC a game for the log'));
    await writeFile(path.join(root, 'spool', 'inbox', '0002.eml'), eml({ from: 'ann@players.example', messageId: '<list@players.example>' }, 'LIST'));
    await running.settled();
    await running.settled();
    const handled = lines.filter((l) => l.msg === 'message handled');
    expect(handled.map((l) => [l.messageId, l.status, l.games])).toEqual([
      ['<create@players.example>', 'processed', ['logdemo']],
      ['<list@players.example>', 'processed', undefined],
    ]);
    expect(handled.every((l) => typeof l.file === 'string')).toBe(true);
    const everything = JSON.stringify(lines);
    expect(everything).not.toMatch(/topsecretpw/i);
    expect(everything).not.toMatch(/a game for the log/);
  } finally {
    await running.stop();
  }
});
