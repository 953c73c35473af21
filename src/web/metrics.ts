import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueGauges } from '../store/health-queries.ts';

// /metrics in Prometheus' text exposition format (version 0.0.4), written by prom-client: counters of
// the mail this process judged, by outcome, a histogram of how long judging a mail took, gauges read
// from the database at scrape time (outbox depth and age, jobs due, games per state), and Node's own
// process figures (prom-client's default metrics: CPU, resident memory, heap, event-loop lag, GC
// pauses, open handles). The counters are this process's since it started, as Prometheus expects of
// counters (it handles restarts).

/** Upper bounds, in seconds, of the judge latency histogram's buckets. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

/** The outcomes a mail can have (judge.ts ReceiveOutcome), each counted even at zero. */
export const MAIL_OUTCOMES = ['processed', 'rejected', 'ignored', 'duplicate', 'failed', 'set-aside'] as const;
export type MailOutcome = (typeof MAIL_OUTCOMES)[number];

export class JudgeMetrics {
  /** What this process knows by itself, and Node's figures. */
  private readonly own = new Registry();
  /** Read from the database at each scrape; left out of the text when the database does not answer. */
  private readonly database = new Registry();
  private readonly started = Date.now();
  private readonly buildInfo = new Gauge({
    name: 'dipjudge_build_info',
    help: 'The running judge: its version and database kind.',
    labelNames: ['version', 'database'],
    registers: [this.own],
  });
  private readonly mails = new Counter({
    name: 'dipjudge_mails_total',
    help: 'Mail judged by this process, by outcome: processed (answered), rejected (refused whole), ignored, duplicate, failed (a fault of the judge), set-aside.',
    labelNames: ['outcome'],
    registers: [this.own],
  });
  private readonly refusedBlocks = new Counter({
    name: 'dipjudge_refused_blocks_total',
    help: 'Blocks of processed mail refused with errors.',
    registers: [this.own],
  });
  private readonly gameEvents = new Counter({
    name: 'dipjudge_game_events_total',
    help: 'Timed game events (deadlines, reminders, grace) this process handled.',
    registers: [this.own],
  });
  private readonly latency = new Histogram({
    name: 'dipjudge_judge_duration_seconds',
    help: 'Seconds from taking a mail to having judged and recorded it.',
    buckets: [...LATENCY_BUCKETS],
    registers: [this.own],
  });
  private readonly databaseUp = new Gauge({ name: 'dipjudge_database_up', help: 'Whether the database answered this scrape.', registers: [this.own] });
  private readonly outboxPending = this.databaseGauge('dipjudge_outbox_pending', 'Outgoing mail not yet sent.');
  private readonly outboxOldest = this.databaseGauge('dipjudge_outbox_oldest_age_seconds', 'Age of the oldest outgoing mail not yet sent (0: none).');
  private readonly outboxDead = this.databaseGauge('dipjudge_outbox_dead', 'Outgoing mail given up (see dipjudge outbox --failed).');
  private readonly inboundQueued = this.databaseGauge('dipjudge_inbound_queued', "Inbound mail recorded and not yet judged (PostgreSQL's queue).");
  private readonly inboundOldest = this.databaseGauge('dipjudge_inbound_oldest_age_seconds', 'Age of the oldest inbound mail not yet judged (0: none).');
  private readonly jobsDue = this.databaseGauge('dipjudge_jobs_due', 'Timed jobs whose time has come, not yet done.');
  private readonly jobsFailing = this.databaseGauge('dipjudge_jobs_failing', 'Open timed jobs that failed at least once.');
  private readonly games = new Gauge({ name: 'dipjudge_games', help: 'Games on this judge by state.', labelNames: ['state'], registers: [this.database] });

  constructor() {
    const started = this.started;
    new Gauge({
      name: 'dipjudge_process_uptime_seconds',
      help: 'Seconds since this serve process started.',
      registers: [this.own],
      collect() {
        this.set((Date.now() - started) / 1000);
      },
    });
    for (const outcome of MAIL_OUTCOMES) this.mails.inc({ outcome }, 0);
    collectDefaultMetrics({ register: this.own });
  }

  /**
   * One mail judged: its outcome, the blocks of it refused (a processed mail may have some), and
   * the seconds judging it took (a group judged in one transaction: the group's time, per mail).
   */
  mailJudged(outcome: MailOutcome, seconds: number, failedBlocks = 0): void {
    this.mails.inc({ outcome });
    this.refusedBlocks.inc(failedBlocks);
    if (outcome === 'duplicate') return;
    this.latency.observe(seconds);
  }

  gameEventHandled(): void {
    this.gameEvents.inc();
  }

  /** The exposition text; `gauges` null when the database could not be read (the scrape still answers). */
  async render(gauges: QueueGauges | null, info: { readonly version: string; readonly database: string }): Promise<string> {
    this.buildInfo.reset();
    this.buildInfo.set({ version: info.version, database: info.database }, 1);
    this.databaseUp.set(gauges === null ? 0 : 1);
    const own = await this.own.metrics();
    if (gauges === null) return own;
    this.outboxPending.set(gauges.outboxPending);
    this.outboxOldest.set(gauges.outboxOldestSeconds);
    this.outboxDead.set(gauges.outboxDead);
    this.inboundQueued.set(gauges.inboundQueued);
    this.inboundOldest.set(gauges.inboundOldestSeconds);
    this.jobsDue.set(gauges.jobsDue);
    this.jobsFailing.set(gauges.jobsFailing);
    this.games.reset();
    for (const [state, n] of Object.entries(gauges.games).sort(([a], [b]) => a.localeCompare(b))) this.games.set({ state }, n);
    return `${own}${await this.database.metrics()}`;
  }

  private databaseGauge(name: string, help: string): Gauge {
    return new Gauge({ name, help, registers: [this.database] });
  }
}
