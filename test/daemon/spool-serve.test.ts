import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { serve } from '../../src/daemon/serve.ts';
import { eml } from '../judge/mail-builder.ts';
import { startSmtpCapture } from '../support/smtp-capture.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('answers a mail dropped into the spool inbox with an .eml in the spool outbox, and stops cleanly', { timeout: 60_000 }, async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-serve-'));
  dirs.push(root);
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
