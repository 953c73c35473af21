import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startDovecot } from './dovecot.ts';
import { imapAppender } from './imap-appender.ts';
import { trackReplies } from './reply-tracker.ts';
import { migratedScratchDatabase } from './postgres-template.ts';
import { startSmtpCapture } from './smtp-capture.ts';

/** Registers a release to run when the test is torn down (in reverse order of registration). */
export type Defer = (release: () => Promise<unknown>) => void;

/**
 * What a test of real `dipjudge serve` processes on PostgreSQL drives: a scratch folder, Dovecot,
 * an SMTP capture with its reply tracker, an IMAP appender, a scratch database and a small pool on
 * it. Each part is released through `defer` as soon as it exists, so a setup that fails half way
 * still cleans up what it started.
 */
export async function startServeRig(names: { readonly folder: string; readonly database: string }, defer: Defer) {
  const root = await mkdtemp(path.join(os.tmpdir(), names.folder));
  defer(() => rm(root, { recursive: true, force: true }));
  const dovecot = await startDovecot();
  defer(() => dovecot.stop());
  const capture = await startSmtpCapture();
  defer(() => capture.close());
  const tracker = trackReplies(capture);
  defer(async () => tracker.stop());
  const appender = imapAppender(dovecot);
  defer(() => appender.close().catch(() => undefined));
  const scratch = await migratedScratchDatabase(names.database);
  defer(() => scratch.drop());
  const db = new pg.Pool({ connectionString: scratch.url, max: 2 });
  // The scratch database is dropped with its connections cut; an idle one's error is expected then.
  db.on('error', () => undefined);
  defer(() => db.end());
  return { root, dovecot, capture, tracker, appender, scratch, db };
}
