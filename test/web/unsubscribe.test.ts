import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { serve } from '../../src/daemon/serve.ts';
import { stopByLink } from '../../src/judge/mail/mail-addresses.ts';
import { addressToken } from '../../src/store/mail-address-store.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { publicSite } from '../../src/web/public-view.ts';
import { buildWebApp } from '../../src/web/server.ts';
import { startGame, TEST_JUDGE } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';
import { databaseBackend, describeEachDatabase, seedPgliteDataDir, type TestDatabase } from '../support/databases.ts';

// RFC 8058 one-click unsubscribe (issue 10): every mail's List-Unsubscribe carries
// <public URL>/unsubscribe/<token> when DIPJUDGE_PUBLIC_URL is set. A GET shows a button and
// changes nothing (link scanners follow links); a POST of List-Unsubscribe=One-Click stops the
// address exactly as a mailed STOP <token> does, and the Master of each game is told.

const INFO = { judgeName: 'Test Judge', judgeAddress: 'judge@judge.example' };
const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

describeEachDatabase('one-click unsubscribe pages', (getStore) => {
  let app: FastifyInstance;
  beforeEach(async () => {
    const store = createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' });
    app = buildWebApp({
      site: publicSite(store),
      info: INFO,
      health: async () => ({ ok: true, checks: {} }),
      metrics: async () => '',
      unsubscribe: (token) => stopByLink(store, TEST_JUDGE, token, new Date()),
    });
    await app.ready();
  });
  afterEach(async () => {
    await app?.close();
  });
  const stoppedAt = async (address: string) =>
    (await getStore().db.selectFrom('mail_addresses').select('stopped_at').where('address', '=', address).executeTakeFirstOrThrow()).stopped_at;
  const outbox = async () => getStore().db.selectFrom('outbox').select(['to_addresses', 'subject', 'body']).orderBy('id').execute();

  it('shows a button on GET and stops nothing; the POST stops the address as STOP <token> does and tells the Master once', async () => {
    const { db } = getStore();
    const game = await startGame(db, 'VARIANT standard');
    const france = game.holder.get('FRANCE')!.address;
    const token = await addressToken(db, france);
    const queuedBefore = (await outbox()).length;

    for (const method of ['GET', 'HEAD'] as const) {
      const shown = await app.inject({ method, url: `/unsubscribe/${token}` });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBe('no-store');
    }
    const page = (await app.inject({ method: 'GET', url: `/unsubscribe/${token}` })).body;
    expect(page).toContain(
      '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop all mail to this address</button></form>',
    );
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).not.toContain(france);
    expect(await stoppedAt(france)).toBeNull();

    // A POST without the one-click body (a scanner, a stray form) stops nothing either.
    const bare = await app.inject({ method: 'POST', url: `/unsubscribe/${token}` });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('Nothing stopped');
    expect(await stoppedAt(france)).toBeNull();

    const stopped = await app.inject({ method: 'POST', url: `/unsubscribe/${token}`, headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('<h1>Mail stopped</h1>');
    expect(stopped.body).not.toContain(france);
    expect(await stoppedAt(france)).not.toBeNull();
    const notices = (await outbox()).slice(queuedBefore);
    expect(notices).toEqual([
      {
        to_addresses: ['gm@players.example'],
        subject: 'DIP:demo Address stopped',
        body: expect.stringContaining("The player of FRANCE in game 'demo' asked this judge to send no more mail to their address."),
      },
    ]);

    // Again: already stopped, nobody told twice. A token in capitals is the same token.
    const again = await app.inject({ method: 'POST', url: `/unsubscribe/${token.toUpperCase()}`, headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Mail already stopped');
    expect((await outbox()).length).toBe(queuedBefore + 1);

    // The mail program's POST may be multipart/form-data (RFC 8058 allows both).
    const germany = game.holder.get('GERMANY')!.address;
    const germanyToken = await addressToken(db, germany);
    const boundary = 'xYzZy';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const byMultipart = await app.inject({
      method: 'POST',
      url: `/unsubscribe/${germanyToken}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(byMultipart.statusCode).toBe(200);
    expect(await stoppedAt(germany)).not.toBeNull();
    expect((await outbox()).at(-1)).toMatchObject({ to_addresses: ['gm@players.example'], subject: 'DIP:demo Address stopped' });
  });

  it('refuses tokens the judge never gave out, without a database error', async () => {
    for (const url of [
      '/unsubscribe/zzzzzzzzzzzzzzzzzzzz',
      '/unsubscribe/short',
      `/unsubscribe/${'a'.repeat(90)}`,
      "/unsubscribe/a'%3B%20DROP%20TABLE%20x--aaaaaa",
    ]) {
      const posted = await app.inject({ method: 'POST', url, headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
      expect(posted.statusCode).toBe(404);
      expect(posted.body).toContain('is not one Test Judge gave out');
    }
    expect((await getStore().db.selectFrom('mail_addresses').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n).toBe(0);
  });
});

describe.each(['pglite', 'postgres'] as const)('one-click unsubscribe through a running serve [%s]', (kind) => {
  const dirs: string[] = [];
  let database: TestDatabase | null = null;
  afterAll(async () => {
    await database?.dispose();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('mails the HTTPS link and its POST header; the link stops the address, the Master hears, and the address gets nothing more', {
    timeout: 120_000,
  }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-unsubscribe-'));
    dirs.push(root);
    const base = {
      DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
      DIPJUDGE_POLL_MS: '50',
      DIPJUDGE_PASSWORD_COST: '1024',
      JUDGE_ADDRESS: 'judge@judge.example',
      DIPJUDGE_HTTP_PORT: '0',
      DIPJUDGE_PUBLIC_URL: 'https://dip.example.org/judge',
    };
    let env: Record<string, string>;
    if (kind === 'pglite') {
      await seedPgliteDataDir(path.join(root, 'db'));
      env = { ...base, DIPJUDGE_DATA_DIR: path.join(root, 'db') };
    } else {
      database = await databaseBackend('postgres').open();
      env = { ...base, DATABASE_URL: database.databaseUrl! };
    }
    const running = await serve(loadConfig(env), pino({ level: 'silent' }));
    const outboxDir = path.join(root, 'spool', 'outbox');
    const mailsTo = async (address: string) => {
      const mails = [];
      for (const file of (await readdir(outboxDir)).sort()) {
        const mail = await simpleParser(await readFile(path.join(outboxDir, file)));
        if ((mail.to as { value: { address: string }[] }).value.some((v) => v.address === address)) mails.push(mail);
      }
      return mails;
    };
    const drop = async (name: string, from: string, body: string) => {
      await writeFile(path.join(root, 'spool', 'inbox', `${name}.eml`), eml({ from, messageId: `<${name}@players.example>` }, body));
      await running.settled();
      await running.settled();
    };
    try {
      await drop('0001', 'gm@players.example', 'CREATE linkgame gmpass\nFORM');
      await drop('0002', 'ann@players.example', 'JOIN linkgame annpass');
      const [joined] = await mailsTo('ann@players.example');
      const header = joined!.headerLines.find((h) => h.key === 'list-unsubscribe')!.line.replace(/\r?\n[ \t]+/g, ' ');
      const link = /<https:\/\/dip\.example\.org\/judge(\/unsubscribe\/[a-z0-9]{20})>, <mailto:judge@judge\.example\?subject=STOP%20[a-z0-9]{20}>$/.exec(
        header,
      );
      expect(link, header).not.toBeNull();
      expect(joined!.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      // The reverse proxy hands the judge the path below the public URL.
      const url = `http://${running.http!.host}:${running.http!.port}${link![1]}`;

      const shown = await fetch(url);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain('Stop all mail to this address');
      const posted = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(posted.status).toBe(200);
      expect(await posted.text()).toContain('Mail stopped');
      await running.settled();
      await running.settled();
      const toMaster = await mailsTo('gm@players.example');
      expect(toMaster.at(-1)!.subject).toBe('DIP:linkgame Address stopped');
      expect(toMaster.at(-1)!.text!.replace(/\s+/g, ' ')).toContain("A player in game 'linkgame' asked this judge to send no more mail to their address.");

      // Nothing more reaches the stopped address, until it writes with its password.
      await drop('0003', 'ann@players.example', 'LIST');
      expect(await mailsTo('ann@players.example')).toHaveLength(1);
      await drop('0004', 'ann@players.example', 'SIGNON ?linkgame annpass\nLIST');
      expect(await mailsTo('ann@players.example')).toHaveLength(2);
    } finally {
      await running.stop();
    }
  });
});
