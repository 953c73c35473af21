import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { drainInbox, prepareSpool, spoolFolders } from '../../src/daemon/spool.ts';
import type { JudgeLog } from '../../src/judge/judge.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// Mail built to break the judge's reading of it: too large, nested too deeply, or one whose
// failure the database refuses to record. Each is answered once when a sender can be read, and
// none holds back the mail behind it.

function capturingLog(): JudgeLog & { readonly lines: string[] } {
  const lines: string[] = [];
  return { lines, error: (details, message) => void lines.push(JSON.stringify({ ...details, message })) };
}

function deeplyNested(depth: number): string {
  let body = '';
  for (let i = 0; i < depth; i++) body += `--b${i}\r\nContent-Type: multipart/mixed; boundary=b${i + 1}\r\n\r\n`;
  body += `--b${depth}\r\nContent-Type: text/plain\r\n\r\nLIST\r\n`;
  return `From: deep@players.example\r\nSubject: deep\r\nMessage-ID: <deep@players.example>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n${body}`;
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describeWithDatabase('hostile structure', (getStore) => {
  const db = () => getStore().db;
  const config = { ...TEST_JUDGE, maxMessageBytes: 4096 };
  const judge = (log: JudgeLog = capturingLog()) =>
    new MailJudge(
      createJudgeStore(db(), { messageIdDomain: 'judge.example' }),
      config,
      () => 0.3,
      () => new Date(),
      log,
    );
  const outbox = () => db().selectFrom('outbox').select(['to_addresses', 'subject', 'body']).orderBy('id').execute();

  it('answers a mail over the limit from its headers alone, given only its start and its size', async () => {
    const whole = Buffer.from(eml({ from: 'big@players.example', subject: 'my orders' }, `LIST\n${'x'.repeat(3_000_000)}`));
    const head = whole.subarray(0, 1000);
    const outcome = await judge().receive(head, null, { sizeBytes: whole.length });
    expect(outcome.status).toBe('rejected');
    const [reply] = await outbox();
    // The Subject is not echoed: with the body unread, a password in it could not be recognised.
    expect(reply).toMatchObject({ to_addresses: ['big@players.example'], subject: 'Re: your mail to dipjudge' });
    expect(reply!.body).toContain(`Your mail is ${Math.ceil(whole.length / 1024)} KB; this judge accepts mail up to 4 KB`);
  });

  it('refuses a mail nested too deeply for the MIME parser in one clear reply', async () => {
    // Over the 4 KB limit of `judge()` it is refused for its size; a judge with room for it still refuses it, for its nesting.
    expect((await judge().receive(deeplyNested(1100))).status).toBe('rejected');
    const roomy = new MailJudge(
      createJudgeStore(db(), { messageIdDomain: 'judge.example' }),
      TEST_JUDGE,
      () => 0.3,
      () => new Date(),
      capturingLog(),
    );
    const nested = deeplyNested(1100).replace('<deep@', '<deeper@');
    expect((await roomy.receive(nested)).status).toBe('rejected');
    const replies = await outbox();
    expect(replies).toHaveLength(2);
    expect(replies[1]!.to_addresses).toEqual(['deep@players.example']);
    expect(replies[1]!.body).toContain('The judge could not read your mail: it has too many MIME parts, or parts nested too deeply');
    expect(replies[1]!.body).toContain('Nothing in it was done');
  });

  it('sets aside a mail whose failure the database refuses to record, logs it once, and the spool goes on with the next file', async () => {
    // A real fault of the database, not a stand-in for our store: a trigger refusing one sender's rows.
    await sql`CREATE OR REPLACE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.from_address = 'poison@players.example' THEN RAISE EXCEPTION 'refused by the test trigger'; END IF; RETURN NEW; END $$`.execute(db());
    await sql`CREATE TRIGGER refuse_poison BEFORE INSERT ON inbound_mail FOR EACH ROW EXECUTE FUNCTION refuse_poison()`.execute(db());
    try {
      const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-hostile-'));
      dirs.push(root);
      const folders = spoolFolders(root);
      await prepareSpool(folders);
      await writeFile(
        path.join(folders.inbox, '1-poison.eml'),
        eml({ from: 'poison@players.example', messageId: '<poison@players.example>' }, 'JOIN demo secretpw'),
      );
      await writeFile(path.join(folders.inbox, '2-fine.eml'), eml({ from: 'fine@players.example' }, 'LIST'));
      await writeFile(path.join(folders.inbox, '3-huge.eml'), eml({ from: 'huge@players.example' }, `LIST\n${'y'.repeat(100_000)}`));
      const log = capturingLog();
      const statuses: string[] = [];
      expect(await drainInbox(folders, judge(log), (file, status) => statuses.push(`${file} ${status}`), { maxBytes: 4096 })).toBe(3);
      expect(statuses).toEqual(['1-poison.eml set-aside', '2-fine.eml processed', '3-huge.eml rejected']);
      expect(await readdir(folders.failed)).toEqual(['1-poison.eml']);
      expect((await readdir(folders.processed)).sort()).toEqual(['2-fine.eml', '3-huge.eml']);
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]).toContain('could not record it');
      expect(log.lines[0]).toContain('<poison@players.example>');
      expect(log.lines[0]).not.toContain('secretpw');
      expect((await outbox()).map((m) => m.to_addresses[0])).toEqual(['fine@players.example', 'huge@players.example']);
      expect(await readFile(path.join(folders.failed, '1-poison.eml'), 'utf8')).toContain('JOIN demo secretpw');
    } finally {
      await sql`DROP TRIGGER refuse_poison ON inbound_mail`.execute(db());
    }
  });
});
