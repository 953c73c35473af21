import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { serve } from '../../src/daemon/serve.ts';
import { eml } from '../judge/mail-builder.ts';
import { dovecotInstalled, startDovecot } from '../support/dovecot.ts';
import { seedPgliteDataDir } from '../support/databases.ts';
import { migratedScratchDatabase } from '../support/postgres-template.ts';
import { startSmtpCapture } from '../support/smtp-capture.ts';

// The daemon end to end against real servers: players' mails APPENDed to a Dovecot inbox,
// replies collected by an SMTP capture server.

const inCi = process.env.CI !== undefined && !/^(|0|false)$/i.test(process.env.CI);
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

// With PostgreSQL the sender runs on a thread of its own; its log lines come back through the
// daemon's logger.
describe.skipIf(!dovecotInstalled() && !inCi).each(['pglite', 'postgres'] as const)('dipjudge serve with IMAP and SMTP [%s]', (backend) => {
  it('answers every mail appended to the mailbox exactly once, threaded, and files it as processed', { timeout: 90_000 }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-imap-smtp-'));
    dirs.push(root);
    const scratch = backend === 'postgres' ? await migratedScratchDatabase('dipjudge_serve') : null;
    if (!scratch) await seedPgliteDataDir(path.join(root, 'db'));
    const dovecot = await startDovecot();
    const capture = await startSmtpCapture();
    const settings = loadConfig({
      DIPJUDGE_DATA_DIR: path.join(root, 'db'),
      DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
      DIPJUDGE_POLL_MS: '100',
      DIPJUDGE_PASSWORD_COST: '1024',
      IMAP_URL: dovecot.url,
      SMTP_URL: capture.url,
      JUDGE_ADDRESS: 'judge@judge.example',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
    const lines: { component?: string; msg?: string; subject?: string }[] = [];
    const raw: string[] = [];
    const running = await serve(
      settings,
      pino(
        { level: 'info' },
        {
          write: (line: string) => {
            raw.push(line);
            lines.push(JSON.parse(line));
          },
        },
      ),
    );
    try {
      await dovecot.appendMessage(eml({ from: 'gm@players.example', subject: 'new game', messageId: '<c1@players.example>' }, 'CREATE demo secret\nFORM'));
      await dovecot.appendMessage(eml({ from: 'ann@players.example', subject: 'me too', messageId: '<j1@players.example>' }, 'JOIN demo pass1'));
      await dovecot.appendMessage(eml({ from: 'bob@players.example', subject: 'what is on', messageId: '<l1@players.example>' }, 'LIST'));
      // The same message delivered twice (a resend by the player's MTA) is answered once.
      await dovecot.appendMessage(eml({ from: 'bob@players.example', subject: 'what is on', messageId: '<l1@players.example>' }, 'LIST'));
      // Issue 25: a Message-ID and a game name of 4,000 characters that no index row can hold
      // (before: retried for seconds and moved aside unanswered).
      const long = Array.from({ length: 125 }, (_, i) => createHash('sha256').update(String(i)).digest('hex').slice(0, 32)).join('');
      await dovecot.appendMessage(eml({ from: 'carl@players.example', subject: 'long id', messageId: `<${long}@players.example>` }, 'LIST'));
      await dovecot.appendMessage(eml({ from: 'dora@players.example', subject: 'long name' }, `JOIN ${long} pw2`));
      await capture.waitFor(5, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(capture.messages).toHaveLength(5);
      const bySubject = new Map(capture.messages.map((m) => [m.parsed.subject, m]));
      expect(bySubject.get('Re: DIP:demo new game')!.envelope.to).toEqual(['gm@players.example']);
      expect(bySubject.get('Re: DIP:demo new game')!.parsed.text).toMatch(/Game 'demo' \(Standard\) has been created/);
      expect(bySubject.get('Re: DIP:demo me too')!.parsed.inReplyTo).toBe('<j1@players.example>');
      expect(bySubject.get('Re: what is on')!.parsed.text).toMatch(/demo/);
      const to = (address: string) => capture.messages.filter((m) => m.envelope.to.includes(address));
      expect(to('carl@players.example').map((m) => m.parsed.subject)).toEqual(['Re: long id']);
      expect(to('dora@players.example').map((m) => m.parsed.text?.replace(/\s+/g, ' '))).toEqual([
        expect.stringContaining('a game name is at most 64 characters long'),
      ]);
      for (const m of capture.messages) expect(m.parsed.headers.get('auto-submitted')).toBe('auto-replied');
      expect(await dovecot.listMessages('INBOX')).toHaveLength(0);
      expect(await dovecot.listMessages('Processed')).toHaveLength(6);
      const sent = lines.filter((l) => l.msg === 'mail sent');
      expect(sent.map((l) => [l.component, l.subject]).sort()).toEqual([
        ['smtp', 'Re: DIP:demo me too'],
        ['smtp', 'Re: DIP:demo new game'],
        ['smtp', 'Re: [Error Flag] long name'],
        ['smtp', 'Re: long id'],
        ['smtp', 'Re: what is on'],
      ]);
    } finally {
      await running.stop();
      await capture.close();
      await dovecot.stop();
      await scratch?.drop();
    }
    expect(lines.at(-1)?.msg).toBe('dipjudge stopped');
    // Each line names one component (JSON.parse would keep only the last of two).
    expect(raw.filter((line) => (line.match(/"component":/g) ?? []).length > 1)).toEqual([]);
    expect(lines.some((l) => l.component === 'imap-intake')).toBe(true);
  });
});
