import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { runReceive } from '../../src/cli/judge-commands.ts';
import { loadConfig } from '../../src/config/config.ts';
import { serve } from '../../src/daemon/serve.ts';
import { openStore } from '../../src/store/index.ts';
import { expectSetupAnswers, playClientMails, setupMails, type SentMail } from '../support/client-mail-scenario.ts';
import { seedPgliteDataDir } from '../support/databases.ts';
import { dovecotInstalled, startDovecot } from '../support/dovecot.ts';
import { migratedScratchDatabase } from '../support/postgres-template.ts';
import { startSmtpCapture } from '../support/smtp-capture.ts';

// Issue 12 end to end: mail as Gmail, Outlook, Apple Mail, Thunderbird and HTML-only webmail
// write it (test/fixtures/mail/clients), through each way a judge takes mail in: `dipjudge
// receive` as an MTA runs it (a process per mail), `serve` on its spool folders, and `serve` on
// a Dovecot mailbox answering through SMTP. One scenario (test/support/client-mail-scenario.ts)
// checks the orders kept, the refused block's reply, the subjects, and SET ADDRESS a,b.

const ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'dipjudge.js');
const baseEnv = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]!]])));
const inCi = process.env.CI !== undefined && !/^(|0|false)$/i.test(process.env.CI);
const JUDGE = { JUDGE_ADDRESS: 'judge@judge.example', DIPJUDGE_PASSWORD_COST: '1024' };

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function scratchFolder(prefix: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(root);
  return root;
}

/** The mails `dipjudge receive` printed as queued: `--- outbox #N (status)`, To, Subject, headers, a blank line, the text. */
function queuedMails(output: string): SentMail[] {
  return output
    .split(/^--- outbox #\d+ \(\w+\)\n/m)
    .slice(1)
    .map((chunk) => {
      const blank = chunk.indexOf('\n\n');
      const head = chunk.slice(0, blank).split('\n');
      const field = (name: string) => head.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
      return { to: field('To').split(', '), subject: field('Subject'), text: chunk.slice(blank + 2) };
    });
}

/** A sent .eml as the player's client reads it; several recipients are named only in the spool's X-Envelope-To. */
function sentMail(parsed: ParsedMail, envelope?: readonly string[]): SentMail {
  const header = parsed.headers.get('x-envelope-to');
  const named = ([] as AddressObject[]).concat(parsed.to ?? []).flatMap((to) => to.value.map((a) => a.address ?? ''));
  const to = envelope ?? (typeof header === 'string' ? header.split(', ') : named);
  return { to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
}

function receiveProcess(mail: string | Buffer, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [ENTRY, 'receive'], { env: { ...baseEnv, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`dipjudge receive failed: ${stderr}`)) : resolve(stdout),
    );
    child.stdin!.end(mail);
  });
}

/**
 * Waits until every mail handed over was taken (`taken()`), and what was sent (`count()`) has
 * grown and then stayed put for `quietMs`: the judge has answered and sent everything.
 */
async function whenSettled(
  taken: () => Promise<boolean>,
  count: () => number | Promise<number>,
  before: number,
  quietMs: number,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await count();
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await count();
    if (now !== last) [last, since] = [now, Date.now()];
    else if (now > before && Date.now() - since >= quietMs && (await taken())) return;
  }
  throw new Error(`the judge sent ${last - before} mail(s) and then nothing more`);
}

it('dipjudge receive: a process per mail, as an MTA runs it, on PostgreSQL', { timeout: 180_000 }, async () => {
  const root = await scratchFolder('dipjudge-clients-receive-');
  const scratch = await migratedScratchDatabase('dipjudge_clients');
  try {
    const env = { ...JUDGE, DATABASE_URL: scratch.url, DIPJUDGE_SPOOL_DIR: path.join(root, 'spool') };
    // The setup in this process (the same receive operation, without a start per mail); the players' mails each in a process of their own.
    const answers: SentMail[] = [];
    for (const mail of setupMails()) answers.push(...queuedMails(await runReceive(Buffer.from(mail), env)));
    expectSetupAnswers(answers);
    await playClientMails(async (raw) => {
      const output = await receiveProcess(raw, env);
      expect(output).toMatch(/^# processed </);
      return queuedMails(output);
    });
  } finally {
    await scratch.drop();
  }
});

it('dipjudge serve on its spool folders, on PGlite', { timeout: 180_000 }, async () => {
  const root = await scratchFolder('dipjudge-clients-spool-');
  await seedPgliteDataDir(path.join(root, 'db'));
  const spool = path.join(root, 'spool');
  const running = await serve(
    loadConfig({ ...JUDGE, DIPJUDGE_DATA_DIR: path.join(root, 'db'), DIPJUDGE_SPOOL_DIR: spool, DIPJUDGE_POLL_MS: '50', DIPJUDGE_PASSWORD_COST: '1024' }),
    pino({ level: 'silent' }),
  );
  let n = 0;
  const seen = new Set<string>();
  const outbox = () => readdir(path.join(spool, 'outbox')).catch(() => [] as string[]);
  const deliver = async (mails: readonly (string | Buffer)[]): Promise<SentMail[]> => {
    const before = (await outbox()).length;
    for (const mail of mails) {
      // Written aside and renamed in, so the daemon never reads half a file.
      const name = `${String(++n).padStart(4, '0')}.eml`;
      await writeFile(path.join(root, name), mail);
      await rename(path.join(root, name), path.join(spool, 'inbox', name));
    }
    // A round of the spool loop takes the inbox in, then writes the outbox: once a round has ended with
    // the inbox empty, one more whole round has written every answer.
    const inboxEmpty = async () => (await readdir(path.join(spool, 'inbox'))).filter((file) => file.endsWith('.eml')).length === 0;
    do await running.settled();
    while (!(await inboxEmpty()));
    await running.settled();
    expect((await outbox()).length).toBeGreaterThan(before);
    const fresh = (await outbox()).filter((file) => !seen.has(file)).sort();
    for (const file of fresh) seen.add(file);
    return Promise.all(fresh.map(async (file) => sentMail(await simpleParser(await readFile(path.join(spool, 'outbox', file))))));
  };
  try {
    expectSetupAnswers(await deliver(setupMails()));
    await playClientMails((raw) => deliver([raw]));
    expect((await readdir(path.join(spool, 'failed')).catch(() => [])).length).toBe(0);
  } finally {
    await running.stop();
  }
});

describe.skipIf(!dovecotInstalled() && !inCi)('dipjudge serve on IMAP and SMTP', () => {
  it('takes the mails from a Dovecot mailbox and answers through SMTP, one copy per address, on PostgreSQL', { timeout: 180_000 }, async () => {
    const root = await scratchFolder('dipjudge-clients-imap-');
    const scratch = await migratedScratchDatabase('dipjudge_clients_imap');
    const dovecot = await startDovecot();
    const capture = await startSmtpCapture();
    const settings = loadConfig({
      ...JUDGE,
      DATABASE_URL: scratch.url,
      DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
      DIPJUDGE_POLL_MS: '100',
      DIPJUDGE_PASSWORD_COST: '1024',
      IMAP_URL: dovecot.url,
      SMTP_URL: capture.url,
    });
    const running = await serve(settings, pino({ level: 'silent' }));
    // The judge's database, read beside the daemon: a mail is answered once it left the INBOX (moved after
    // its commit) and nothing waits in the outbox (a row is marked sent after SMTP accepted it).
    const watch = await openStore({ databaseUrl: scratch.url, migrate: false });
    const unsent = async () =>
      Number(
        (
          await watch.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deliver = async (mails: readonly (string | Buffer)[]): Promise<SentMail[]> => {
      const before = capture.messages.length;
      for (const mail of mails) await dovecot.appendMessage(mail);
      await whenSettled(
        async () => (await dovecot.listMessages('INBOX')).length === 0 && (await unsent()) === 0,
        () => capture.messages.length,
        before,
        200,
      );
      return capture.messages.slice(before).map((m) => sentMail(m.parsed, m.envelope.to));
    };
    try {
      expectSetupAnswers(await deliver(setupMails()));
      await playClientMails((raw) => deliver([raw]));
      // SMTP sends each address its own copy: no mail names two players.
      expect(capture.messages.filter((m) => m.envelope.to.length !== 1)).toEqual([]);
      // The judge's mails in plain ASCII (replies, notices, press, the SET ADDRESS code) travel as 7bit text, never
      // quoted-printable (lines of at most 76).
      const plain = capture.messages.filter((m) => /^[\x00-\x7f]*$/.test(m.parsed.text ?? '') && m.parsed.attachments.length === 0);
      expect(plain.length).toBeGreaterThan(20);
      expect(
        plain.filter((m) => /^Content-Transfer-Encoding: (quoted-printable|base64)/im.test(m.raw.toString('latin1'))).map((m) => m.parsed.subject),
      ).toEqual([]);
    } finally {
      await running.stop();
      await watch.close();
      await capture.close();
      await dovecot.stop();
      await scratch.drop();
    }
  });
});
