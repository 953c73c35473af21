import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { serve } from '../../src/daemon/serve.ts';
import { eml } from '../judge/mail-builder.ts';
import { createScratchDatabase } from '../support/scratch-postgres.ts';
import { startSmtpCapture } from '../support/smtp-capture.ts';

// `serve` configured from a JSON file plus the environment: the file's default time zone reaches
// CREATE, its DKIM key signs what goes out through SMTP, and the environment wins over the file.

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('takes the time zone for new games and the DKIM key from a config file, the environment overriding it', { timeout: 60_000 }, async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-settings-'));
  dirs.push(root);
  const keyFile = path.join(root, 'dkim.pem');
  await writeFile(keyFile, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
  // An empty database, not the migrated template the other serve tests copy: serve migrates it on its first start.
  const scratch = await createScratchDatabase('dipjudge_settings');
  const capture = await startSmtpCapture();
  const configFile = path.join(root, 'dipjudge.json');
  await writeFile(
    configFile,
    JSON.stringify({
      DATABASE_URL: scratch.url,
      SMTP_URL: capture.url,
      DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
      DIPJUDGE_POLL_MS: 50,
      JUDGE_ADDRESS: 'judge@judge.example',
      JUDGE_NAME: 'File Judge',
      DIPJUDGE_TIME_ZONE: 'Europe/Berlin',
      DIPJUDGE_DKIM_DOMAIN: 'judge.example',
      DIPJUDGE_DKIM_SELECTOR: 'dip2026',
      DIPJUDGE_DKIM_PRIVATE_KEY_FILE: keyFile,
    }),
  );
  const settings = loadConfig({ DIPJUDGE_CONFIG: configFile, JUDGE_NAME: 'Env Judge' });
  const running = await serve(settings, pino({ level: 'silent' }));
  const db = new pg.Pool({ connectionString: scratch.url, max: 1 });
  // The scratch database is dropped with its connections cut; an idle one's error is expected then.
  db.on('error', () => undefined);
  try {
    const inbox = path.join(root, 'spool', 'inbox');
    await writeFile(
      path.join(inbox, '01.eml'),
      eml({ from: 'gm@players.example', subject: 'zoneless', messageId: '<z1@players.example>' }, 'CREATE berlin gmpass\nFORM'),
    );
    await writeFile(
      path.join(inbox, '02.eml'),
      eml({ from: 'gm@players.example', subject: 'zoned', messageId: '<z2@players.example>' }, 'CREATE tokyo gmpass\nZONE Asia/Tokyo\nFORM'),
    );
    const replies = await capture.waitFor(2, 20_000);

    const zones = await db.query<{ name: string; time_zone: string }>('SELECT name, time_zone FROM games ORDER BY name');
    expect(zones.rows).toEqual([
      { name: 'berlin', time_zone: 'Europe/Berlin' },
      { name: 'tokyo', time_zone: 'Asia/Tokyo' },
    ]);
    for (const reply of replies) {
      expect(reply.parsed.text).toMatch(/has been created/);
      expect(reply.parsed.from?.value[0]).toEqual({ name: 'Env Judge', address: 'judge@judge.example' });
      const signature = reply.raw.toString('utf8').match(/^DKIM-Signature:(.*(?:\r\n[ \t].*)*)/im);
      expect(signature, 'DKIM-Signature header').not.toBeNull();
      const tags = signature![1]!.replace(/\s+/g, '');
      expect(tags).toContain('d=judge.example');
      expect(tags).toContain('s=dip2026');
      expect(tags).toMatch(/b=[A-Za-z0-9+/=]{100,}/);
    }
  } finally {
    await running.stop();
    await db.end();
    await capture.close();
    await scratch.drop();
  }
});
