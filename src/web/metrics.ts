import type { QueueGauges } from '../store/health-queries.ts';

// /metrics in Prometheus' text exposition format (version 0.0.4): counters of the mail this
// process judged, by outcome, a histogram of how long judging a mail took, and gauges read from
// the database at scrape time (outbox depth and age, jobs due, games per state). The counters are
// this process's since it started, as Prometheus expects of counters (it handles restarts).

/** Upper bounds, in seconds, of the judge latency histogram's buckets. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

/** The outcomes a mail can have (judge.ts ReceiveOutcome), each counted even at zero. */
export const MAIL_OUTCOMES = ['processed', 'rejected', 'ignored', 'duplicate', 'failed', 'set-aside'] as const;
export type MailOutcome = (typeof MAIL_OUTCOMES)[number];

export class JudgeMetrics {
  private readonly mails = new Map<MailOutcome, number>(MAIL_OUTCOMES.map((outcome) => [outcome, 0]));
  private readonly refusedBlocks = { count: 0 };
  private readonly buckets = LATENCY_BUCKETS.map(() => 0);
  private latencyCount = 0;
  private latencySum = 0;
  private gameEvents = 0;
  private readonly started = Date.now();

  /**
   * One mail judged: its outcome, the blocks of it refused (a processed mail may have some), and
   * the seconds judging it took (a group judged in one transaction: the group's time, per mail).
   */
  mailJudged(outcome: MailOutcome, seconds: number, failedBlocks = 0): void {
    this.mails.set(outcome, (this.mails.get(outcome) ?? 0) + 1);
    this.refusedBlocks.count += failedBlocks;
    if (outcome === 'duplicate') return;
    this.latencyCount += 1;
    this.latencySum += seconds;
    for (const [index, bound] of LATENCY_BUCKETS.entries()) if (seconds <= bound) this.buckets[index]! += 1;
  }

  gameEventHandled(): void {
    this.gameEvents += 1;
  }

  /** The exposition text; `gauges` null when the database could not be read (the scrape still answers). */
  render(gauges: QueueGauges | null, info: { readonly version: string; readonly database: string }): string {
    const out: string[] = [];
    const metric = (name: string, type: 'counter' | 'gauge' | 'histogram', help: string, samples: readonly string[]) => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples);
    };
    metric('dipjudge_build_info', 'gauge', 'The running judge: its version and database kind.', [
      `dipjudge_build_info{version=${label(info.version)},database=${label(info.database)}} 1`,
    ]);
    metric('dipjudge_process_uptime_seconds', 'gauge', 'Seconds since this serve process started.', [`dipjudge_process_uptime_seconds ${number((Date.now() - this.started) / 1000)}`]);
    metric(
      'dipjudge_mails_total',
      'counter',
      'Mail judged by this process, by outcome: processed (answered), rejected (refused whole), ignored, duplicate, failed (a fault of the judge), set-aside.',
      MAIL_OUTCOMES.map((outcome) => `dipjudge_mails_total{outcome=${label(outcome)}} ${this.mails.get(outcome) ?? 0}`),
    );
    metric('dipjudge_refused_blocks_total', 'counter', 'Blocks of processed mail refused with errors.', [`dipjudge_refused_blocks_total ${this.refusedBlocks.count}`]);
    metric('dipjudge_game_events_total', 'counter', 'Timed game events (deadlines, reminders, grace) this process handled.', [`dipjudge_game_events_total ${this.gameEvents}`]);
    metric('dipjudge_judge_duration_seconds', 'histogram', 'Seconds from taking a mail to having judged and recorded it.', [
      ...LATENCY_BUCKETS.map((bound, index) => `dipjudge_judge_duration_seconds_bucket{le=${label(String(bound))}} ${this.buckets[index]}`),
      `dipjudge_judge_duration_seconds_bucket{le="+Inf"} ${this.latencyCount}`,
      `dipjudge_judge_duration_seconds_sum ${number(this.latencySum)}`,
      `dipjudge_judge_duration_seconds_count ${this.latencyCount}`,
    ]);
    metric('dipjudge_database_up', 'gauge', 'Whether the database answered this scrape.', [`dipjudge_database_up ${gauges === null ? 0 : 1}`]);
    if (gauges !== null) {
      metric('dipjudge_outbox_pending', 'gauge', 'Outgoing mail not yet sent.', [`dipjudge_outbox_pending ${gauges.outboxPending}`]);
      metric('dipjudge_outbox_oldest_age_seconds', 'gauge', 'Age of the oldest outgoing mail not yet sent (0: none).', [`dipjudge_outbox_oldest_age_seconds ${number(gauges.outboxOldestSeconds)}`]);
      metric('dipjudge_outbox_dead', 'gauge', 'Outgoing mail given up (see dipjudge outbox --failed).', [`dipjudge_outbox_dead ${gauges.outboxDead}`]);
      metric('dipjudge_inbound_queued', 'gauge', 'Inbound mail recorded and not yet judged (PostgreSQL\'s queue).', [`dipjudge_inbound_queued ${gauges.inboundQueued}`]);
      metric('dipjudge_inbound_oldest_age_seconds', 'gauge', 'Age of the oldest inbound mail not yet judged (0: none).', [`dipjudge_inbound_oldest_age_seconds ${number(gauges.inboundOldestSeconds)}`]);
      metric('dipjudge_jobs_due', 'gauge', 'Timed jobs whose time has come, not yet done.', [`dipjudge_jobs_due ${gauges.jobsDue}`]);
      metric('dipjudge_jobs_failing', 'gauge', 'Open timed jobs that failed at least once.', [`dipjudge_jobs_failing ${gauges.jobsFailing}`]);
      metric(
        'dipjudge_games',
        'gauge',
        'Games on this judge by state.',
        Object.entries(gauges.games)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([state, n]) => `dipjudge_games{state=${label(state)}} ${n}`),
      );
    }
    return `${out.join('\n')}\n`;
  }
}

/** A label value, quoted and escaped as the text format wants. */
function label(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`;
}

function number(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value * 1e6) / 1e6) : 'NaN';
}
