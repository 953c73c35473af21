import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHealth, type HealthParts } from '../../src/daemon/health.ts';
import { deadlinesCalendar, fold } from '../../src/render/web-ics.ts';
import { JudgeMetrics } from '../../src/web/metrics.ts';

// Pure parts of the HTTP side: the metrics text, the health checks and ICS line folding.

describe('JudgeMetrics', () => {
  const gauges = {
    outboxPending: 3,
    outboxOldestSeconds: 12.5,
    outboxDead: 1,
    inboundQueued: 4,
    inboundOldestSeconds: 7.25,
    jobsDue: 2,
    jobsFailing: 0,
    games: { forming: 2, active: 1 },
  };

  it('writes valid Prometheus text: HELP and TYPE per metric, cumulative histogram buckets, escaped labels', async () => {
    const metrics = new JudgeMetrics();
    metrics.mailJudged('processed', 0.02, 2);
    metrics.mailJudged('processed', 0.3);
    metrics.mailJudged('rejected', 0.004);
    metrics.mailJudged('duplicate', 0.001);
    metrics.gameEventHandled();
    const text = await metrics.render(gauges, { version: '1.0 "beta"', database: 'postgres' });
    expect(text.endsWith('\n')).toBe(true);
    const sample = /^[a-z_:][a-z0-9_:]*(\{([a-z_]+="([^"\\]|\\.)*",?)*\})? (-?[0-9.]+(e[+-]?\d+)?|NaN|Nan|\+Inf)$/; // prom-client writes NaN as Nan, which Prometheus reads too
    // prom-client leaves an empty line between metrics, which the format allows.
    for (const line of text
      .trimEnd()
      .split('\n')
      .filter((l) => l !== '')) {
      if (line.startsWith('# ')) expect(line).toMatch(/^# (HELP|TYPE) [a-z_][a-z0-9_]* .+$/);
      else expect(line).toMatch(sample);
    }
    expect(text).toContain('dipjudge_build_info{version="1.0 \\"beta\\"",database="postgres"} 1\n');
    expect(text).toContain('dipjudge_mails_total{outcome="processed"} 2\n');
    expect(text).toContain('dipjudge_mails_total{outcome="failed"} 0\n');
    expect(text).toContain('dipjudge_mails_total{outcome="duplicate"} 1\n');
    expect(text).toContain('dipjudge_refused_blocks_total 2\n');
    expect(text).toContain('dipjudge_game_events_total 1\n');
    // Duplicates are not judged: three mails in the histogram.
    expect(text).toContain('dipjudge_judge_duration_seconds_bucket{le="0.005"} 1\n');
    expect(text).toContain('dipjudge_judge_duration_seconds_bucket{le="0.025"} 2\n');
    expect(text).toContain('dipjudge_judge_duration_seconds_bucket{le="0.25"} 2\n');
    expect(text).toContain('dipjudge_judge_duration_seconds_bucket{le="0.5"} 3\n');
    expect(text).toContain('dipjudge_judge_duration_seconds_bucket{le="+Inf"} 3\n');
    expect(text).toContain('dipjudge_judge_duration_seconds_count 3\n');
    expect(text).toContain('dipjudge_judge_duration_seconds_sum 0.324\n');
    expect(text).toContain('dipjudge_outbox_pending 3\n');
    expect(text).toContain('dipjudge_outbox_oldest_age_seconds 12.5\n');
    expect(text).toContain('# TYPE dipjudge_inbound_queued gauge\ndipjudge_inbound_queued 4\n');
    expect(text).toContain('# TYPE dipjudge_inbound_oldest_age_seconds gauge\ndipjudge_inbound_oldest_age_seconds 7.25\n');
    expect(text).toContain('dipjudge_jobs_due 2\n');
    expect(text).toContain('dipjudge_games{state="active"} 1\ndipjudge_games{state="forming"} 2\n');
    expect(text.match(/^# TYPE dipjudge_judge_duration_seconds histogram$/m)).not.toBeNull();
    // Node's own figures, as prom-client's default metrics name them.
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^process_cpu_seconds_total [0-9.e-]+$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [0-9.e-]+$/m);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram\n');
    expect(text).toMatch(/^dipjudge_process_uptime_seconds [0-9.e-]+$/m);
  });

  it('still answers when the database does not: database_up 0 and no database gauges', async () => {
    const metrics = new JudgeMetrics();
    expect(await metrics.render(gauges, { version: '0.1.0', database: 'pglite' })).toContain('dipjudge_outbox_pending 3\n');
    const text = await metrics.render(null, { version: '0.1.0', database: 'pglite' });
    expect(text).toContain('dipjudge_database_up 0\n');
    expect(text).not.toContain('dipjudge_outbox_pending');
    expect(text).not.toContain('dipjudge_inbound_queued');
  });
});

describe('checkHealth', () => {
  let root: string;
  let parts: HealthParts;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-health-'));
    parts = {
      pingDatabase: async () => {},
      spoolInbox: root,
      spoolOutbox: root,
      lastSpoolRound: () => Date.now(),
      stuckAfterMs: 60_000,
      imap: null,
      smtpSender: null,
    };
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is healthy when the database answers, the spool is usable and the loop goes round', async () => {
    expect(await checkHealth(parts)).toEqual({
      ok: true,
      checks: {
        database: { ok: true, detail: 'answers' },
        spool: { ok: true, detail: 'inbox readable, loop running' },
        sender: { ok: true, detail: 'replies written to the spool outbox' },
      },
    });
  });

  it('names what fails: a database error or silence, a missing inbox, a stuck loop, IMAP not connected, a dead sender', async () => {
    const failing = await checkHealth({
      ...parts,
      pingDatabase: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432\n    at stack')),
      spoolInbox: path.join(root, 'missing'),
      imap: () => 'backing-off',
      smtpSender: () => false,
    });
    expect(failing.ok).toBe(false);
    expect(failing.checks).toEqual({
      database: { ok: false, detail: 'does not answer: connect ECONNREFUSED 127.0.0.1:5432' },
      spool: { ok: false, detail: 'the spool inbox cannot be read: ENOENT' },
      imap: { ok: false, detail: 'not connected (backing-off)' },
      sender: { ok: false, detail: 'the SMTP sender is not running (restarting)' },
    });
    const silent = await checkHealth({ ...parts, pingDatabase: () => new Promise(() => {}), timeoutMs: 20, lastSpoolRound: () => Date.now() - 120_000 });
    expect(silent.checks.database).toEqual({ ok: false, detail: 'does not answer: no answer within 20 ms' });
    expect(silent.checks.spool).toEqual({ ok: false, detail: 'the spool loop last went round 120 s ago' });
  });

  it('counts a standby process and a connected intake as healthy', async () => {
    expect((await checkHealth({ ...parts, imap: () => 'standby', smtpSender: () => true })).checks).toMatchObject({
      imap: { ok: true, detail: 'standing by: another process reads the mailbox' },
      sender: { ok: true, detail: 'SMTP sender running' },
    });
    expect((await checkHealth({ ...parts, imap: () => 'waiting' })).checks.imap).toEqual({ ok: true, detail: 'connected (waiting)' });
  });
});

describe('ICS', () => {
  it('folds long lines at 75 octets without splitting a character, and unfolds to the same text', () => {
    const line = `DESCRIPTION:${'Ünïcödé – '.repeat(30)}`;
    const folded = fold(line);
    for (const piece of folded.split('\r\n')) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(fold('SHORT:x')).toBe('SHORT:x');
  });

  it('escapes text values and writes a deadline and a grace event in UTC', () => {
    const ics = deadlinesCalendar(
      {
        name: 'a,b',
        timeZone: 'Europe/Berlin',
        entries: [
          { phase: 'S1901M', title: 'Movement phase of Spring 1901', at: new Date('2026-12-01T22:30:00Z'), kind: 'deadline' },
          { phase: 'S1901M', title: 'Movement phase of Spring 1901', at: new Date('2026-12-08T22:30:00Z'), kind: 'grace' },
        ],
      },
      { judgeName: 'Judge; One', judgeAddress: 'judge@judge.example', pageUrl: null, now: new Date('2026-11-25T10:00:00.123Z') },
    ).replace(/\r\n /g, '');
    expect(ics).toContain('X-WR-CALNAME:Diplomacy game a\\,b (Judge\\; One)\r\n');
    expect(ics).toContain('UID:a\\,b-S1901M-deadline@judge.example\r\nDTSTAMP:20261125T100000Z\r\nDTSTART:20261201T223000Z\r\n');
    expect(ics).toContain('UID:a\\,b-S1901M-grace@judge.example\r\n');
    expect(ics).toContain('DESCRIPTION:Movement phase of Spring 1901 of game a\\,b: deadline.\\nOrders go by mail to judge@judge.example.\r\n');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });
});
