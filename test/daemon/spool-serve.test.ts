import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { recipientPolicy } from '../../src/daemon/outbox-sender.ts';
import { serve } from '../../src/daemon/serve.ts';
import { drainInbox, drainOutboxToFiles, prepareSpool, recordInbox, spoolFolders } from '../../src/daemon/spool.ts';
import type { MailToRecord } from '../../src/daemon/queued-mail.ts';
import { queueInbound } from '../../src/store/inbound-queue.ts';
import { isTransientStoreFailure } from '../../src/store/transient-failure.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { openStore } from '../../src/store/index.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { TEST_JUDGE } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';
import { databaseBackend, seedPgliteDataDir } from '../support/databases.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';
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
  const settings = loadConfig({
    DIPJUDGE_DATA_DIR: path.join(root, 'db'),
    DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
    DIPJUDGE_POLL_MS: '50',
    DIPJUDGE_PASSWORD_COST: '1024',
    JUDGE_ADDRESS: 'judge@judge.example',
  });
  const running = await serve(settings, pino({ level: 'silent' }));
  try {
    await writeFile(
      path.join(root, 'spool', 'inbox', '0001.eml'),
      eml({ from: 'ann@players.example', subject: 'first', messageId: '<first@players.example>' }, 'LIST'),
    );
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
  const settings = loadConfig({
    DIPJUDGE_DATA_DIR: path.join(root, 'db'),
    DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
    DIPJUDGE_POLL_MS: '50',
    DIPJUDGE_PASSWORD_COST: '1024',
    SMTP_URL: capture.url,
    JUDGE_ADDRESS: 'judge@judge.example',
  });
  const running = await serve(settings, pino({ level: 'silent' }));
  try {
    await writeFile(
      path.join(root, 'spool', 'inbox', '0001.eml'),
      eml({ from: 'bob@players.example', subject: 'help please', messageId: '<help@players.example>' }, 'HELP'),
    );
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
    const judgeWith = (random: () => number) =>
      new MailJudge(createJudgeStore(database.store.db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, random, () => new Date(), silent);
    // A forming game one player short: the seventh JOIN starts it and needs the random source.
    const healthy = judgeWith(() => 0.3);
    await healthy.receive(eml({ from: 'gm@players.example' }, 'CREATE demo gmpass\nFORM'));
    for (let i = 1; i <= 6; i++) await healthy.receive(eml({ from: `p${i}@players.example` }, `JOIN demo pass${i}`));
    const outboxSize = async () => (await database.store.db.selectFrom('outbox').select('id').execute()).length;
    const repliesBefore = await outboxSize();

    await writeFile(path.join(folders.inbox, '0001.eml'), eml({ from: 'p7@players.example', messageId: '<join-7@players.example>' }, 'JOIN demo pass7'));
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
      const judge = new MailJudge(
        createJudgeStore(unreachable.db, { messageIdDomain: 'judge.example' }),
        TEST_JUDGE,
        () => 0.3,
        () => new Date(),
        silent,
      );
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

describe.each(['pglite', 'postgres'] as const)('the spool outbox under the recipient policy [%s]', (kind) => {
  it("writes one file per recipient with their own way out, nothing for a stopped address and nothing past the day's cap, as SMTP sends", {
    timeout: 60_000,
  }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-spool-policy-'));
    dirs.push(root);
    const folders = spoolFolders(path.join(root, 'spool'));
    await prepareSpool(folders);
    const database = await databaseBackend(kind).open();
    try {
      const { db } = database.store;
      const today = new Date().toISOString().slice(0, 10);
      await db
        .insertInto('mail_addresses')
        .values([
          { address: 'ann@players.example', token: 'annannannannannann22', proven_at: new Date() },
          { address: 'stopped@players.example', token: 'stoppedstoppedstopp2', proven_at: new Date(), stopped_at: new Date() },
          { address: 'capped@players.example', token: 'cappedcappedcapped22', day: today, game_day_count: 3 },
        ])
        .execute();
      await db
        .insertInto('outbox')
        .values({
          message_id: '<results-1@judge.example>',
          to_addresses: ['ann@players.example', 'stopped@players.example', 'bob@players.example', 'capped@players.example'],
          subject: 'DIP:demo - S1901M Results',
          body: 'Results.\n',
          kind: 'results',
        })
        .execute();
      const settings = loadConfig({
        JUDGE_ADDRESS: 'judge@judge.example',
        DIPJUDGE_MAX_MAILS_PER_DAY_UNPROVEN: '3',
        DIPJUDGE_HTTP_PORT: '0',
        DIPJUDGE_PUBLIC_URL: 'https://judge.example/dip/',
      });
      const held: unknown[] = [];
      const log = { info: (bindings: object) => void held.push(bindings), error: (bindings: object) => void held.push(bindings) };
      expect(await drainOutboxToFiles(db, folders, { name: 'dipjudge', address: 'judge@judge.example' }, (trx) => recipientPolicy(trx, settings), log)).toBe(1);
      const files = (await readdir(folders.outbox)).sort();
      expect(files).toHaveLength(2);
      const tokens = new Map((await db.selectFrom('mail_addresses').select(['address', 'token', 'game_day_count']).execute()).map((r) => [r.address, r]));
      const written = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(folders.outbox, file)))));
      expect(written.map((mail) => (mail.to as { value: { address: string }[] }).value.map((v) => v.address))).toEqual([
        ['ann@players.example'],
        ['bob@players.example'],
      ]);
      for (const mail of written) {
        const address = (mail.to as { value: { address: string }[] }).value[0]!.address;
        const token = tokens.get(address)!.token;
        const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
        expect(header('list-unsubscribe')).toBe(
          `List-Unsubscribe: <https://judge.example/dip/unsubscribe/${token}>, <mailto:judge@judge.example?subject=STOP%20${token}>`,
        );
        expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
        expect(mail.text).toContain(`STOP ${token}\nor open this page and press its button:\nhttps://judge.example/dip/unsubscribe/${token}\n`);
        expect(mail.headers.get('x-envelope-to')).toBeUndefined();
      }
      // The same day count as SMTP: the capped address went past its 3, bob's first mail counts 1.
      expect(tokens.get('capped@players.example')!.game_day_count).toBe(4);
      expect(tokens.get('bob@players.example')!.game_day_count).toBe(1);
      expect(held).toEqual([
        expect.objectContaining({
          withheld: [expect.objectContaining({ address: 'stopped@players.example' }), expect.objectContaining({ address: 'capped@players.example' })],
        }),
      ]);
      expect(await db.selectFrom('outbox').select('status').execute()).toEqual([{ status: 'sent' }]);
    } finally {
      await database.dispose();
    }
  });
});

it('logs one line per handled mail with the games it changed, and never the mail text or a password', { timeout: 60_000 }, async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-serve-log-'));
  dirs.push(root);
  const lines: Record<string, unknown>[] = [];
  const sink = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  await seedPgliteDataDir(path.join(root, 'db'));
  const settings = loadConfig({
    DIPJUDGE_DATA_DIR: path.join(root, 'db'),
    DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
    DIPJUDGE_POLL_MS: '50',
    DIPJUDGE_PASSWORD_COST: '1024',
    JUDGE_ADDRESS: 'judge@judge.example',
  });
  const running = await serve(settings, pino({ level: 'info' }, sink));
  try {
    await writeFile(
      path.join(root, 'spool', 'inbox', '0001.eml'),
      eml({ from: 'gm@players.example', messageId: '<create@players.example>' }, 'CREATE logdemo topsecretpw\nDESC a game for the log'),
    );
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

describe('the spool inbox on PostgreSQL', () => {
  const scratches: ScratchDatabase[] = [];
  afterAll(async () => {
    for (const scratch of scratches) await scratch.drop();
  });

  it("is recorded in the inbound queue and judged once by one of two processes sharing the spool, in each sender's and game's order", {
    timeout: 120_000,
  }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-spool-queue-'));
    dirs.push(root);
    const scratch = await createScratchDatabase('dipjudge_spool_queue');
    scratches.push(scratch);
    const env = {
      DATABASE_URL: scratch.url,
      DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
      DIPJUDGE_POLL_MS: '50',
      DIPJUDGE_PASSWORD_COST: '1024',
      JUDGE_ADDRESS: 'judge@judge.example',
    };
    const handled: { process: number; messageId: unknown; status: unknown }[] = [];
    const logTo = (process: number) =>
      pino(
        { level: 'info' },
        {
          write: (line: string) =>
            void handled.push(
              ...[JSON.parse(line) as Record<string, unknown>]
                .filter((l) => l.msg === 'message handled')
                .map((l) => ({ process, messageId: l.messageId, status: l.status })),
            ),
        },
      );
    const first = await serve(loadConfig(env), logTo(1));
    const second = await serve(loadConfig(env), logTo(2));
    try {
      // The game's Master creates it and asks about it; seven players join it; the last joiner asks about it.
      const mails: [string, string][] = [
        ['0001.eml', eml({ from: 'gm@players.example', messageId: '<create@players.example>' }, 'CREATE queued gmpass\nFORM')],
        ['0002.eml', eml({ from: 'gm@players.example', messageId: '<list-1@players.example>' }, 'LIST queued')],
        ...Array.from({ length: 7 }, (_, i): [string, string] => [
          `00${10 + i}.eml`,
          eml({ from: `p${i + 1}@players.example`, messageId: `<join-${i + 1}@players.example>` }, `JOIN queued pass${i + 1}`),
        ]),
        ['0020.eml', eml({ from: 'p7@players.example', messageId: '<list-2@players.example>' }, 'LIST queued')],
      ];
      for (const [name, raw] of mails) await writeFile(path.join(root, 'spool', 'inbox', name), raw);
      // Each process claims what the other has not locked and what waits for no earlier mail of its
      // sender or game, so the queue's last mails may pass from one process to the other any number of
      // times: wait until the database says every recorded mail is judged, not for a fixed number of
      // rounds. Then a whole round of each (settled) writes the replies and logs the last mails judged.
      const queue = new pg.Client({ connectionString: scratch.url });
      await queue.connect();
      try {
        const waiting = async () => (await queue.query<{ n: number }>('SELECT count(*)::int AS n FROM inbound_queue')).rows[0]!.n;
        for (let round = 0; round < 400 && ((await readdir(path.join(root, 'spool', 'processed'))).length < mails.length || (await waiting()) > 0); round++) {
          await Promise.all([first.settled(), second.settled()]);
        }
      } finally {
        await queue.end();
      }
      await Promise.all([first.settled(), second.settled()]);
      expect(await readdir(path.join(root, 'spool', 'inbox'))).toEqual([]);
      expect(await readdir(path.join(root, 'spool', 'failed'))).toEqual([]);
      expect((await readdir(path.join(root, 'spool', 'processed'))).sort()).toEqual(mails.map(([name]) => name));

      // Judged exactly once each, by whichever process claimed it.
      const messageIds = mails.map(([, raw]) => /^Message-ID: (.*)$/im.exec(raw)![1]!.trim());
      expect(handled.map((h) => h.messageId).sort()).toEqual([...messageIds].sort());
      expect(handled.every((h) => h.status === 'processed')).toBe(true);
      const db = new pg.Client({ connectionString: scratch.url });
      await db.connect();
      try {
        expect((await db.query('SELECT count(*)::int AS n FROM inbound_queue')).rows[0].n).toBe(0);
        expect((await db.query('SELECT count(*)::int AS n FROM inbound_mail')).rows[0].n).toBe(mails.length);
      } finally {
        await db.end();
      }

      // In order: the Master's LIST saw the game he had just made; the JOINs, all changing the game, went one
      // after the other, so the last one started it, and its sender's LIST, after it, saw it started.
      const replies = await Promise.all(
        (await readdir(path.join(root, 'spool', 'outbox'))).map(async (file) => simpleParser(await readFile(path.join(root, 'spool', 'outbox', file)))),
      );
      const replyTo = (messageId: string) => replies.filter((r) => r.inReplyTo === messageId);
      for (const messageId of messageIds) expect(replyTo(messageId), messageId).toHaveLength(1);
      expect(replyTo('<list-1@players.example>')[0]!.text).toMatch(/Game 'queued'.*forming/);
      expect(replyTo('<list-2@players.example>')[0]!.text).toMatch(/Game 'queued'.*active/);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});

describe('the spool outbox on a full disk [postgres]', () => {
  // A real write failure part way through a file: the round runs in a process of its own under a
  // file size limit of 4 KB (`ulimit -f 4`), so writing the 20 KB reply fails with EFBIG, as on a
  // full disk (issue 25: 9 of 23 replies lost, empty .eml files left, each failure charged the cap).
  it('leaves no file and charges no one when a reply cannot be written, keeps it queued, and writes it whole (0600 in 0700) once the disk has room', {
    timeout: 60_000,
  }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-spool-full-'));
    dirs.push(root);
    const scratch = await createScratchDatabase('dipjudge_spool_full');
    const env = { DATABASE_URL: scratch.url, DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'), JUDGE_ADDRESS: 'judge@judge.example' };
    const store = await openStore({ databaseUrl: scratch.url });
    try {
      const folders = spoolFolders(env.DIPJUDGE_SPOOL_DIR);
      await prepareSpool(folders);
      await store.db
        .insertInto('outbox')
        .values({
          message_id: '<big-reply@judge.example>',
          to_addresses: ['ann@players.example'],
          subject: 'Re: history',
          body: `${'A long history line.\n'.repeat(1000)}`,
          kind: 'reply',
        })
        .execute();
      const once = spawnSync('bash', ['-c', `ulimit -f 4 && exec "${process.execPath}" --import tsx test/daemon/fixtures/spool-outbox-once.ts`], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
        cwd: path.resolve(import.meta.dirname, '../..'),
      });
      expect(once.stderr).toBe('');
      expect(JSON.parse(once.stdout)).toEqual({ written: 0, errors: ['EFBIG'] });
      expect(await readdir(folders.outbox)).toEqual([]);
      expect(await store.db.selectFrom('outbox').select(['status', 'attempts']).execute()).toEqual([{ status: 'pending', attempts: 0 }]);
      expect(await store.db.selectFrom('mail_addresses').select(['address', 'day_count']).execute()).toEqual([]);

      const settings = loadConfig(env);
      const log = { info: () => undefined, error: (bindings: object) => expect.fail(JSON.stringify(bindings)) };
      expect(
        await drainOutboxToFiles(store.db, folders, { name: 'dipjudge', address: 'judge@judge.example' }, (trx) => recipientPolicy(trx, settings), log),
      ).toBe(1);
      const files = await readdir(folders.outbox);
      expect(files).toEqual([expect.stringMatching(/^00000001-001-big-reply@judge\.example\.eml$/)]);
      const written = await readFile(path.join(folders.outbox, files[0]!), 'utf8');
      expect(written.match(/A long history line\./g)).toHaveLength(1000);
      expect((await stat(path.join(folders.outbox, files[0]!))).mode & 0o777).toBe(0o600);
      for (const folder of Object.values(folders)) expect((await stat(folder)).mode & 0o777, folder).toBe(0o700);
      expect(await store.db.selectFrom('outbox').select(['status', 'attempts']).execute()).toEqual([{ status: 'sent', attempts: 1 }]);
      expect(await store.db.selectFrom('mail_addresses').select(['address', 'day_count']).execute()).toEqual([
        { address: 'ann@players.example', day_count: 1 },
      ]);
    } finally {
      await store.close();
      await scratch.drop();
    }
  });
});

describe('the spool inbox when the database refuses a mail [postgres]', () => {
  // The database's own refusal: each file recorded under its Message-ID as written, with no bound,
  // so the second's 4,000 characters overflow the queue's index (before issue 25's fix the whole
  // batch failed on every round and the inbox stopped for good).
  it('records the batch file by file and sets the refused file aside in failed/, so the files behind it go on', { timeout: 60_000 }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-spool-refused-'));
    dirs.push(root);
    const scratch = await createScratchDatabase('dipjudge_spool_refused');
    const store = await openStore({ databaseUrl: scratch.url });
    try {
      const folders = spoolFolders(path.join(root, 'spool'));
      await prepareSpool(folders);
      const long = Array.from({ length: 125 }, (_, i) => createHash('sha256').update(String(i)).digest('hex').slice(0, 32)).join('');
      await writeFile(path.join(folders.inbox, '1.eml'), eml({ from: 'ann@players.example', messageId: '<one@players.example>' }, 'LIST'));
      await writeFile(path.join(folders.inbox, '2.eml'), eml({ from: 'bob@players.example', messageId: `<${long}@players.example>` }, 'LIST'));
      await writeFile(path.join(folders.inbox, '3.eml'), eml({ from: 'cat@players.example', messageId: '<three@players.example>' }, 'LIST'));
      const asWritten = (mails: readonly MailToRecord[]) =>
        queueInbound(
          store.db,
          mails.map(({ raw }) => ({
            messageId: /^Message-ID: (.*)$/m.exec(raw.toString())![1]!.trim(),
            mail: null,
            unreadable: 'not read in this test',
            raw,
            origin: null,
            orderKeys: [],
          })),
        );
      const setAside: [string, unknown][] = [];
      const recorded: string[] = [];
      expect(
        await recordInbox(folders, asWritten, isTransientStoreFailure, {
          onRecorded: (file) => recorded.push(file),
          onSetAside: (file, error) => setAside.push([file, (error as { code?: unknown }).code]),
        }),
      ).toBe(3);
      expect(recorded).toEqual(['1.eml', '3.eml']);
      expect(setAside).toEqual([['2.eml', '54000']]);
      expect(await readdir(folders.inbox)).toEqual([]);
      expect(await readdir(folders.processed)).toEqual(['1.eml', '3.eml']);
      expect(await readdir(folders.failed)).toEqual(['2.eml']);
      expect((await store.db.selectFrom('inbound_queue').select('message_id').orderBy('id').execute()).map((r) => r.message_id)).toEqual([
        '<one@players.example>',
        '<three@players.example>',
      ]);
    } finally {
      await store.close();
      await scratch.drop();
    }
  });
});
