import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { JudgeLog, ReceiveOutcome } from '../../src/judge/judge.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import type { Database } from '../../src/store/index.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { FUZZ_MASTER_PASSWORD, hostileMailArb, JUDGE_ADDRESS, SECRET_PATTERN, UNIQUE_ID, type HostileMail } from './hostile-mail-generator.ts';

// Hostile mails through the real judge on a real database, one at a time, checking after each:
// nothing throws and the judge never fails on it; a handled mail is answered exactly once, a
// refused one at most once, a mail dropped by rule (automatic mail, a replay) not at all; no
// reply is over the cap; no password the generator wrote reaches a queued mail, the record of a
// mail or a log line; no mail takes the judge more than `stallMs` of CPU (a stall: issue 25's one
// mail that held everyone's).

export const FUZZ_JUDGE = {
  address: JUDGE_ADDRESS,
  name: 'dipjudge',
  code: 'DIP',
  passwordCost: 1024,
  maxMessageBytes: 256 * 1024,
  maxReplyBytes: 256 * 1024,
  maxMailsPerHour: 60,
};

export interface FuzzFigures {
  tried: number;
  /** receive() threw, or the judge recorded the mail as failed or set it aside. */
  crashes: number;
  /** Handled but not answered exactly once; refused and answered more than once; dropped yet answered; a unique mail dropped as a duplicate. */
  unanswered: number;
  overSize: number;
  leaks: number;
  /** Mails the judge spent more than stallMs of CPU on. */
  stalls: number;
  /** The slowest mail: its CPU time and recipe. */
  slowest: { ms: number; recipe: string };
  byStatus: Record<string, number>;
  ms: number;
  /** The first few problems, with the recipe and the start of the mail. */
  problems: string[];
}

export interface FuzzOptions {
  readonly count: number;
  readonly seed: number;
  /** The number of the first mail judged (default 0): mail N of a seed is the same mail whatever came before it. */
  readonly first?: number;
  /** Every this many mails the outbox and the inbound records are emptied (memory stays flat). */
  readonly resetEvery?: number;
  /** A mail the judge spends more CPU time on than this is a stall (default 10 s). */
  readonly stallMs?: number;
  readonly onProgress?: (figures: FuzzFigures) => void;
  /** These mails instead of generated ones (count, seed and first are then not read). */
  readonly given?: readonly HostileMail[];
}

/** The generated mails of options.seed from mail `first` on, in chunks, each with its own Message-ID. */
function* sampledMails(options: Pick<FuzzOptions, 'count' | 'seed' | 'first'>): Generator<HostileMail[]> {
  const chunk = 250;
  const first = options.first ?? 0;
  const end = first + options.count;
  for (let done = first - (first % chunk); done < end; done += chunk) {
    const sampled = fc.sample(hostileMailArb, { numRuns: Math.min(chunk, end - done), seed: options.seed + done });
    yield sampled.flatMap((generated, index) => {
      if (done + index < first) return [];
      const unique = `<fuzz-${options.seed}-${done + index}@players.example>`;
      return [{ ...generated, raw: Buffer.from(generated.raw.toString('latin1').replaceAll(UNIQUE_ID, unique), 'latin1') }];
    });
  }
}

export async function fuzzJudge(db: Kysely<Database>, options: FuzzOptions): Promise<FuzzFigures> {
  const logLines: string[] = [];
  const log: JudgeLog = { error: (details, message) => void logLines.push(JSON.stringify({ ...details, message })) };
  const judge = new MailJudge(
    createJudgeStore(db, { messageIdDomain: 'judge.example' }),
    FUZZ_JUDGE,
    () => 0.3,
    () => new Date(),
    log,
  );
  const planted = new Set<string>();
  const figures: FuzzFigures = {
    tried: 0,
    crashes: 0,
    unanswered: 0,
    overSize: 0,
    leaks: 0,
    stalls: 0,
    slowest: { ms: 0, recipe: '' },
    byStatus: {},
    ms: 0,
    problems: [],
  };
  const stallMs = options.stallMs ?? 10_000;
  const started = performance.now();

  // A forming game with a Master and two players, so SIGNON, JOIN and LIST of it mean something.
  const setup = [`CREATE demo ${FUZZ_MASTER_PASSWORD}\nFORM`, 'JOIN demo zqpwplayeraa', 'JOIN demo zqpwplayerbb'];
  for (const [index, body] of setup.entries()) {
    for (const secret of body.match(SECRET_PATTERN) ?? []) planted.add(secret);
    await judge.receive(
      `From: p${index}@players.example\r\nTo: ${JUDGE_ADDRESS}\r\nSubject: setup\r\nMessage-ID: <setup-${index}@players.example>\r\n\r\n${body}\r\n`,
    );
  }

  // What each mail added is read after it, from the last ids seen (the tables are only appended to,
  // and emptied together with these marks): no max() query before every mail.
  const lastId = async (table: 'outbox' | 'inbound_mail') =>
    String(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirst()
      )?.max ?? '0',
    );
  let lastOutboxId = await lastId('outbox');
  let lastInboundId = await lastId('inbound_mail');
  const problem = (mail: HostileMail, what: string) => {
    if (figures.problems.length < 10) figures.problems.push(`${what} [${mail.recipe}]: ${JSON.stringify(mail.raw.subarray(0, 300).toString('latin1'))}`);
  };
  for await (const batch of options.given ? [options.given] : sampledMails(options)) {
    for (const mail of batch) {
      for (const secret of mail.secrets) planted.add(secret);
      if (options.resetEvery && figures.tried > 0 && figures.tried % options.resetEvery === 0) {
        await sql`DELETE FROM outbox`.execute(db);
        await sql`DELETE FROM inbound_mail`.execute(db);
        logLines.length = 0;
      }
      const logBefore = logLines.length;
      figures.tried++;
      let outcome: ReceiveOutcome;
      // CPU time, not wall time: what one mail takes from everyone else's, whatever else the machine runs.
      const judging = process.cpuUsage();
      try {
        outcome = await judge.receive(mail.raw);
      } catch (error) {
        figures.crashes++;
        problem(mail, `threw ${String(error)}`);
        continue;
      }
      const spent = process.cpuUsage(judging);
      const took = (spent.user + spent.system) / 1000;
      if (took > figures.slowest.ms) figures.slowest = { ms: took, recipe: mail.recipe };
      if (took > stallMs) {
        figures.stalls++;
        problem(mail, `held the judge for ${Math.round(took)} ms of CPU`);
      }
      figures.byStatus[outcome.status] = (figures.byStatus[outcome.status] ?? 0) + 1;
      if (outcome.status === 'failed' || outcome.status === 'set-aside') {
        figures.crashes++;
        problem(mail, `${outcome.status}: ${outcome.reason}`);
      }
      const queued = await db.selectFrom('outbox').select(['id', 'subject', 'body', 'kind', 'to_addresses']).where('id', '>', lastOutboxId).execute();
      lastOutboxId = queued.reduce((last, row) => (BigInt(row.id) > BigInt(last) ? row.id : last), lastOutboxId);
      const replies = queued.filter((row) => row.kind === 'reply');
      if (mail.unique && outcome.status === 'duplicate') {
        figures.unanswered++;
        problem(mail, 'a mail of its own dropped as a duplicate');
      }
      const expected = outcome.status === 'processed' ? [1] : outcome.status === 'rejected' ? [0, 1] : outcome.status === 'failed' ? [0, 1] : [0];
      if (!expected.includes(replies.length)) {
        figures.unanswered++;
        problem(mail, `${outcome.status} with ${replies.length} replies`);
      }
      for (const reply of replies) {
        if (Buffer.byteLength(reply.body, 'utf8') > FUZZ_JUDGE.maxReplyBytes) {
          figures.overSize++;
          problem(mail, `reply of ${Buffer.byteLength(reply.body, 'utf8')} bytes`);
        }
      }
      const inbound = await db.selectFrom('inbound_mail').select(['id', 'subject', 'from_address', 'message_id']).where('id', '>', lastInboundId).execute();
      lastInboundId = inbound.reduce((last, row) => (BigInt(row.id) > BigInt(last) ? row.id : last), lastInboundId);
      const visible = JSON.stringify([queued, inbound, logLines.slice(logBefore)]);
      const leaked = (visible.match(SECRET_PATTERN) ?? []).filter((word) => planted.has(word));
      if (leaked.length > 0) {
        figures.leaks++;
        problem(mail, `password ${leaked[0]} shown`);
      }
    }
    figures.ms = performance.now() - started;
    options.onProgress?.(figures);
  }
  figures.ms = performance.now() - started;
  return figures;
}
