import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { runReceive } from '../../src/cli/judge-commands.ts';
import { loadConfig } from '../../src/config/config.ts';
import { serve } from '../../src/daemon/serve.ts';
import { eml } from '../judge/mail-builder.ts';
import { seedPgliteDataDir } from '../support/databases.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';

// Issue 10's defects end to end: the hostile mails of the issue dropped into a running `serve`
// (spool in, spool out, which sends under the same recipient policy as SMTP) and given to
// `receive`, on PGlite and on PostgreSQL. Every file leaves the inbox, none is set aside, each
// sender is answered once, the forged Reply-To victim gets no more than the hourly limit allows,
// and no password reaches a mail or a log line.

const LIMIT = 3;
const SECRET = 'topsecretpw';

function deeplyNested(depth: number): string {
  let body = '';
  for (let i = 0; i < depth; i++) body += `--b${i}\r\nContent-Type: multipart/mixed; boundary=b${i + 1}\r\n\r\n`;
  body += `--b${depth}\r\nContent-Type: text/plain\r\n\r\nLIST\r\n`;
  return `From: deep@players.example\r\nTo: judge@judge.example\r\nSubject: deep\r\nMessage-ID: <deep@players.example>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n${body}`;
}

/** The hostile batch, by file name (handled in name order). */
function hostileMails(): [string, string | Buffer][] {
  return [
    ['01-nul-subject.eml', eml({ from: 'ann@players.example', subject: '=?utf-8?B?aGkAdGhlcmU=?=', messageId: '<nul-subject@players.example>' }, 'LIST')],
    ['02-raw-nul.eml', Buffer.from(eml({ from: 'bob@players.example', subject: 'a\0b', messageId: '<raw\0nul@players.example>' }, 'LIST'), 'latin1')],
    [
      '03-nul-body.eml',
      eml(
        { from: 'carl@players.example', messageId: '<nul-body@players.example>', headers: { 'Content-Transfer-Encoding': 'quoted-printable' } },
        'LIST=00\nHELP=00',
      ),
    ],
    [
      '04-oversized.eml',
      eml({ from: 'big@players.example', subject: `JOIN demo ${SECRET}`, messageId: '<big@players.example>' }, `LIST\n${'x'.repeat(80 * 1024)}`),
    ],
    ['05-deep-mime.eml', deeplyNested(1100)],
    [
      '06-password-subject.eml',
      eml({ from: 'gm@players.example', subject: `CREATE hostile ${SECRET}`, messageId: '<create@players.example>' }, `CREATE hostile ${SECRET}\nFORM`),
    ],
    ...Array.from({ length: 5 }, (_, i): [string, string] => [
      `07-forged-${i}.eml`,
      eml({ from: `forger${i}@spam.example`, messageId: `<forged-${i}@spam.example>`, headers: { 'Reply-To': 'victim@players.example' } }, 'HELP'),
    ]),
    ['08-many-help.eml', eml({ from: 'helper@players.example', messageId: '<many-help@players.example>' }, 'HELP\n'.repeat(4000))],
  ];
}

// Issue 25's intake mails, the same way: a 4,000-character Message-ID, From, Reply-To or
// Resent-From, and a game name that long in SIGNON, JOIN and CREATE, each followed by ordinary
// mail (before the fix the first overflowed a btree index: on PostgreSQL the spool stopped for
// good, elsewhere the mail was set aside unanswered); junk Message-IDs from different senders
// (before, the second was dropped as a duplicate of the first); a Message-ID with control
// characters (before, copied raw into the reply's In-Reply-To).

/** 4,000 characters that PostgreSQL cannot compress into an index row (a repeated letter would fit). */
const LONG = Array.from({ length: 125 }, (_, i) => createHash('sha256').update(String(i)).digest('hex').slice(0, 32)).join('');

function intakeMails(): [string, string][] {
  return [
    ['01-long-id.eml', eml({ from: 'longid@players.example', messageId: `<${LONG}@players.example>` }, 'LIST')],
    ['02-after-long-id.eml', eml({ from: 'next@players.example' }, 'LIST')],
    ['03-long-from.eml', eml({ from: `${LONG}@players.example` }, 'LIST')],
    ['04-long-reply-to.eml', eml({ from: 'replyto@players.example', headers: { 'Reply-To': `${LONG}@players.example` } }, 'LIST')],
    ['05-long-resent-from.eml', eml({ from: 'resent@players.example', headers: { 'Resent-From': `${LONG}@players.example` } }, 'LIST')],
    ['06-long-signon.eml', eml({ from: 'signon@players.example' }, `SIGNON F${LONG} apassword\nA PAR - BUR`)],
    ['07-long-join.eml', eml({ from: 'join@players.example' }, `JOIN ${LONG} apassword`)],
    ['08-long-create.eml', eml({ from: 'create@players.example' }, `CREATE ${LONG} apassword`)],
    ['09-empty-id-a.eml', eml({ from: 'junk-a@players.example', messageId: '<>' }, 'LIST')],
    ['10-empty-id-b.eml', eml({ from: 'junk-b@players.example', messageId: '<>' }, 'LIST')],
    ['11-blank-id.eml', eml({ from: 'junk-c@players.example', messageId: '<   >' }, 'LIST')],
    ['12-word-id-a.eml', eml({ from: 'junk-d@players.example', messageId: 'not-an-id' }, 'LIST')],
    ['13-word-id-b.eml', eml({ from: 'junk-e@players.example', messageId: 'not-an-id' }, 'LIST')],
    ['14-escape-id.eml', eml({ from: 'escape@players.example', messageId: '<esc\x1b[31mape@players.example>', subject: 'red\x1b[31m alert' }, 'LIST')],
    ['15-real.eml', eml({ from: 'real@players.example', messageId: '<real-1@players.example>' }, 'LIST')],
    ['16-real-again.eml', eml({ from: 'real@players.example', messageId: '<real-1@players.example>' }, 'HELP')],
  ];
}

const ANSWERED = ['longid', 'next', 'replyto', 'resent', 'signon', 'join', 'create', 'junk-a', 'junk-b', 'junk-c', 'junk-d', 'junk-e', 'escape', 'real'].map(
  (name) => `${name}@players.example`,
);

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe.each(['pglite', 'postgres'] as const)("the issue's hostile mails end to end [%s]", (kind) => {
  const scratches: ScratchDatabase[] = [];
  afterAll(async () => {
    for (const scratch of scratches) await scratch.drop();
  });
  /** A PGlite data folder or a PostgreSQL database of the test's own. */
  const databaseEnv = async (root: string): Promise<Record<string, string>> => {
    if (kind === 'pglite') {
      await seedPgliteDataDir(path.join(root, 'db'));
      return { DIPJUDGE_DATA_DIR: path.join(root, 'db') };
    }
    const scratch = await createScratchDatabase('dipjudge_hostile');
    scratches.push(scratch);
    return { DATABASE_URL: scratch.url };
  };

  it('serve: every file handled, none set aside, each sender answered once, the victim capped, no password anywhere', { timeout: 180_000 }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-hostile-serve-'));
    dirs.push(root);
    const base = {
      DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
      DIPJUDGE_POLL_MS: '50',
      DIPJUDGE_PASSWORD_COST: '1024',
      JUDGE_ADDRESS: 'judge@judge.example',
      DIPJUDGE_MAX_MAIL_BYTES: String(64 * 1024),
      DIPJUDGE_MAX_MAILS_PER_HOUR: String(LIMIT),
    };
    const env = { ...base, ...(await databaseEnv(root)) };
    const lines: string[] = [];
    const running = await serve(loadConfig(env), pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }));
    const spool = (folder: string) => path.join(root, 'spool', folder);
    try {
      const mails = hostileMails();
      for (const [name, raw] of mails) await writeFile(path.join(spool('inbox'), name), raw);
      for (let round = 0; round < 400 && (await readdir(spool('processed'))).length + (await readdir(spool('failed'))).length < mails.length; round++)
        await running.settled();
      await running.settled();
      await running.settled();
      expect(await readdir(spool('inbox'))).toEqual([]);
      expect(await readdir(spool('failed'))).toEqual([]);
      expect((await readdir(spool('processed'))).sort()).toEqual(mails.map(([name]) => name).sort());

      const sent: ParsedMail[] = [];
      const rawOut: string[] = [];
      for (const file of (await readdir(spool('outbox'))).sort()) {
        const raw = await readFile(path.join(spool('outbox'), file));
        rawOut.push(raw.toString('utf8'));
        sent.push(await simpleParser(raw));
      }
      const to = (address: string) => sent.filter((mail) => (mail.to as { value: { address: string }[] }).value.some((v) => v.address === address));
      // Sent copies are wrapped at 76 columns: read the words.
      const words = (mail: ParsedMail) => (mail.text ?? '').replace(/\s+/g, ' ');
      const only = (address: string) => {
        const mails = to(address);
        expect(mails, address).toHaveLength(1);
        return mails[0]!;
      };
      // NULs in the Subject, the Message-ID and the decoded body: recorded and answered.
      expect(only('ann@players.example').subject).toBe('Re: hi there');
      expect(only('bob@players.example').text).not.toContain('could not handle');
      expect(only('carl@players.example').text).toContain('HELP');
      // Over the size cap: answered from its headers, without its Subject (the body, with any password, unread).
      expect(words(only('big@players.example'))).toMatch(/Your mail is \d+ KB; this judge accepts mail up to 64 KB/);
      // Nested deeper than the MIME parser goes: one clear refusal.
      expect(words(only('deep@players.example'))).toContain('The judge could not read your mail: it has too many MIME parts, or parts nested too deeply');
      // A password in the Subject: masked in the reply's subject.
      const created = only('gm@players.example');
      expect(created.subject).not.toContain(SECRET);
      expect(created.text).toContain('hostile');
      // Five forged From addresses, one Reply-To: the hourly limit counts the address replies go to.
      const victim = to('victim@players.example');
      expect(victim).toHaveLength(LIMIT + 1);
      expect(words(victim.at(-1)!)).toContain(`You have sent more than ${LIMIT} mails to this judge in the last hour. Nothing in this mail was done`);
      // 4,000 HELP lines: one reply with HELP once.
      const help = only('helper@players.example');
      expect(words(help).match(/dipjudge understands the e-mail commands/g)).toHaveLength(1);
      // Each mail carries its way out.
      for (const raw of rawOut)
        expect(raw.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe: <mailto:judge@judge\.example\?subject=STOP%20[a-z0-9]{20}>$/m);
      // No password in any mail or log line; no failure logged.
      expect(rawOut.join('\n')).not.toContain(SECRET);
      expect(lines.join('\n')).not.toContain(SECRET);
      expect(lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await running.stop();
    }
  });

  it('receive: the same mails each get an exit-0 answer, never a stack trace', { timeout: 180_000 }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-hostile-receive-'));
    dirs.push(root);
    const base = {
      DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
      JUDGE_ADDRESS: 'judge@judge.example',
      DIPJUDGE_MAX_MAIL_BYTES: String(64 * 1024),
      DIPJUDGE_MAX_MAILS_PER_HOUR: String(LIMIT),
    };
    const env = { ...base, ...(await databaseEnv(root)) };
    const answers: string[] = [];
    for (const [name, raw] of hostileMails().filter(([name]) => !name.startsWith('07'))) {
      const answer = await runReceive(Buffer.isBuffer(raw) ? raw : Buffer.from(raw), env);
      expect(answer, name).toMatch(/^# (processed|rejected|duplicate) /);
      answers.push(answer);
    }
    const all = answers.join('\n');
    expect(all).not.toContain(SECRET);
    expect(all).not.toMatch(/\n\s+at /);
    expect(all).toContain('Subject: Re: hi there');
  });

  it('serve, issue 25: long header values and game names, junk Message-IDs: every mail leaves the inbox, each sender is answered once with what was wrong, the real duplicate is dropped', {
    timeout: 180_000,
  }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-long-headers-'));
    dirs.push(root);
    const env = {
      DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
      DIPJUDGE_POLL_MS: '50',
      DIPJUDGE_PASSWORD_COST: '1024',
      JUDGE_ADDRESS: 'judge@judge.example',
      ...(await databaseEnv(root)),
    };
    const lines: string[] = [];
    const running = await serve(loadConfig(env), pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }));
    const spool = (folder: string) => path.join(root, 'spool', folder);
    try {
      const mails = intakeMails();
      for (const [name, raw] of mails) await writeFile(path.join(spool('inbox'), name), raw);
      const answered = async () => (await readdir(spool('outbox'))).length;
      for (let round = 0; round < 200 && ((await readdir(spool('inbox'))).length > 0 || (await answered()) < ANSWERED.length); round++) await running.settled();
      await running.settled();
      expect(await readdir(spool('inbox'))).toEqual([]);
      expect(await readdir(spool('failed'))).toEqual([]);

      const sent: { mail: ParsedMail; raw: string }[] = [];
      for (const file of (await readdir(spool('outbox'))).sort()) {
        const raw = await readFile(path.join(spool('outbox'), file), 'utf8');
        sent.push({ mail: await simpleParser(raw), raw });
      }
      const recipients = sent.map(({ mail }) => (mail.to as { value: { address: string }[] }).value[0]!.address.slice(0, 60));
      expect(recipients.sort()).toEqual([...ANSWERED].sort());
      const to = (address: string) => sent.find(({ mail }) => (mail.to as { value: { address: string }[] }).value[0]!.address === address)!;
      const words = (address: string) => (to(address).mail.text ?? '').replace(/\s+/g, ' ');
      // A game name over the length limit: refused by the command, saying why.
      for (const sender of ['signon', 'join', 'create']) expect(words(`${sender}@players.example`)).toContain('a game name is at most 64 characters long');
      // No raw control character in any reply header; the junk ids are not copied into them.
      for (const { raw } of sent) expect(raw.split(/\r?\n\r?\n/, 1)[0]).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/);
      expect(to('escape@players.example').mail.inReplyTo).toBeUndefined();
      expect(to('junk-a@players.example').mail.inReplyTo).toBeUndefined();
      expect(to('real@players.example').mail.inReplyTo).toBe('<real-1@players.example>');
      expect(lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await running.stop();
    }
  });

  it('receive, issue 25: long header values and junk Message-IDs each get their answer, the real duplicate is dropped', { timeout: 180_000 }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-long-headers-receive-'));
    dirs.push(root);
    const env = { DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'), JUDGE_ADDRESS: 'judge@judge.example', ...(await databaseEnv(root)) };
    const answers = new Map<string, string>();
    // A few of the mails (each `receive` opens the database anew): a long id, a long From, a long game name, two senders' junk ids, a real duplicate.
    const chosen = intakeMails().filter(([name]) => /^(01|02|03|06|09|10|15|16)-/.test(name));
    for (const [name, raw] of chosen) answers.set(name, await runReceive(Buffer.from(raw), env));
    const outcome = (name: string) => /^# (\w+)/.exec(answers.get(name)!)?.[1];
    expect(Object.fromEntries([...answers.keys()].map((name) => [name, outcome(name)]))).toEqual(
      Object.fromEntries(chosen.map(([name]) => [name, name === '03-long-from.eml' ? 'ignored' : name === '16-real-again.eml' ? 'duplicate' : 'processed'])),
    );
  });
});
