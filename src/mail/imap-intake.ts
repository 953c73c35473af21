import type { ImapFlow, MailboxObject } from 'imapflow';
import type { LevelWithSilent, Logger } from 'pino';
import { backoffDelay, backoffPolicy, type BackoffPolicy } from './backoff.ts';
import { Doorbell, waitForAny } from './doorbell.ts';
import { createImapClient, describeConnection, normaliseConnection, type ImapConnectionInput, type ImapConnectionSettings } from './imap-connection.ts';
import { memoryCursorStore, type ImapCursor, type ImapCursorStore } from './imap-cursor.ts';

// The daemon's IMAP intake: reads the judge's mailbox in UID order and hands each mail to
// `handle`, one at a time, or the mails waiting together to `handleGroup` (one transaction for
// many, the way through a burst), then moves it to the Processed mailbox. Delivery into the
// handlers is at-least-once: the move (and the saved cursor) come only after the handler
// resolved, so a crash or a lost connection in between replays the mail, and the judge drops
// the replay by Message-ID. A server that refuses the move gets a $DipjudgeProcessed keyword
// instead, which later passes honour. A mail whose handler throws stays where it is and is
// retried, ahead of later mail.
//
// Mail is read in rounds of at most batchSize mails (and batchBytes of sources): one SEARCH, one
// FETCH of flags and sizes, one FETCH of the sources; after the round's mail was handled, one
// STORE and one MOVE over the UID set, and one cursor save. Per-mail IMAP round trips cost more
// than judging the mail did, so this is what lets a burst through. The first round after a quiet
// spell reads only as many mails as its first group takes (FIRST_GROUP_SIZE), so the first
// replies do not wait for a whole batch to cross the wire. A round that found mail is
// followed at once by the next; only an empty one waits for IDLE (ImapFlow enters it after
// autoIdleDelayMs of quiet) or for the poll every pollIntervalMs, which covers servers or
// networks that lose IDLE notifications. The next batch is read while the current one is judged,
// and a round is settled while the next is judged, so at most two batches are in memory, and a
// crash or a lost connection replays at most those two rounds. A closed connection is never
// reused: each attempt builds a new ImapFlow, after an exponential backoff.

export interface ImapMessageMeta {
  readonly mailbox: string;
  /** Decimal, as the database returns int8. */
  readonly uidvalidity: string;
  readonly uid: number;
  /**
   * Set when the mail is over `headOnlyAbove`: `raw` then holds only its first `headBytes`
   * (its headers) and this is the size of the whole mail, which was never downloaded.
   */
  readonly wholeSizeBytes?: number;
}

/**
 * Resolves once the mail is safely recorded (the judge's transaction committed), or with
 * 'set-aside' when the handler could not record it and the mail must not be read again: it goes
 * to the failed mailbox (or gets the failed keyword) at once, without further attempts.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that judged the mail returns nothing; only setting it aside is a value
export type ImapMessageHandler = (raw: Buffer, meta: ImapMessageMeta) => Promise<void | 'set-aside'>;

export interface ImapMail {
  readonly raw: Buffer;
  readonly meta: ImapMessageMeta;
}

/**
 * Handles several mails, in the order given, all or nothing: it resolves once every one of them
 * is safely recorded, and when it throws none of them may stand (one database transaction).
 */
export type ImapGroupHandler = (mails: readonly ImapMail[]) => Promise<void>;

export interface ImapIntakeOptions {
  /** `imap://user:pass@host:port/INBOX`, or the parts. */
  readonly connection: ImapConnectionInput | string;
  readonly handle: ImapMessageHandler;
  /**
   * Optional: takes the mails of a round that are waiting together, up to groupSize at a time,
   * in one call instead of one `handle` each (a burst then costs the judge one transaction per
   * group). A group that fails for a passing reason is retried whole; one that fails otherwise
   * is handed to `handle` mail by mail, so a mail the judge cannot handle is dealt with alone.
   */
  readonly handleGroup?: ImapGroupHandler;
  /**
   * Most mails per handleGroup call (default 50): bounds how long one transaction runs. The first
   * group after a quiet spell holds at most FIRST_GROUP_SIZE, so the first replies to a burst go
   * out while the rest is judged; each group after it may be twice as large, up to groupSize.
   */
  readonly groupSize?: number;
  /** Where handled mail goes (created when missing). Default 'Processed'. */
  readonly processedMailbox?: string;
  /**
   * Where a mail goes after maxAttempts failed handlings. Null (default): it stays in the mailbox
   * with the $DipjudgeFailed keyword and is skipped from then on.
   */
  readonly failedMailbox?: string | null;
  /** Handling attempts per mail before it is set aside (default 5). */
  readonly maxAttempts?: number;
  /**
   * Failures that say nothing about the mail (the database is down, a deadlock): they are retried
   * with backoff for as long as they last and never count towards maxAttempts, so an outage does
   * not set good mail aside. Default: every failure counts.
   */
  readonly isTransient?: (error: unknown) => boolean;
  /** Larger mails are set aside unread (default 25 MB), unless headOnlyAbove is set. */
  readonly maxMessageBytes?: number;
  /**
   * Mails larger than this are not downloaded: only their first headBytes (the headers) are
   * fetched and handed to `handle` alone, with meta.wholeSizeBytes, so the judge can answer them.
   * Default: none (every mail up to maxMessageBytes is read whole).
   */
  readonly headOnlyAbove?: number;
  /** How much of a mail over headOnlyAbove is fetched (default 64 KiB). */
  readonly headBytes?: number;
  /**
   * Mails read, handled and moved per round (default 100). Two rounds are in flight at most (one
   * judged, one read ahead or being settled): this bounds memory and what a crash replays.
   */
  readonly batchSize?: number;
  /** Sources read per round stop at this many bytes; the first mail is always read (default 16 MiB). */
  readonly batchBytes?: number;
  /** Keeps the read position across restarts; default in memory. */
  readonly stateStore?: ImapCursorStore;
  /** Key in the state store; default `imap:<mailbox>`. */
  readonly stateKey?: string;
  readonly logger?: Logger | false;
  /** Most verbose level ImapFlow's own log may use (default 'warn'); 'debug' logs every command. */
  readonly clientLogLevel?: LevelWithSilent;
  /** Quiet time before ImapFlow enters IDLE (default 100 ms; ImapFlow's own default is 15 s). */
  readonly autoIdleDelayMs?: number;
  /** Look for mail at least this often even when IDLE reports nothing (default 60 s). */
  readonly pollIntervalMs?: number;
  /** Delays between reconnects and between retries of a failing mail. */
  readonly backoff?: Partial<BackoffPolicy>;
  /** How long stop() waits for the mail in hand before dropping the connection (default 30 s). */
  readonly stopGraceMs?: number;
  readonly connectTimeoutMs?: number;
}

export type ImapIntakePhase = 'new' | 'connecting' | 'waiting' | 'draining' | 'backing-off' | 'stopping' | 'stopped';

export interface ImapIntakeStatus {
  readonly phase: ImapIntakePhase;
  /** Sessions that reached the selected mailbox; more than one means it reconnected. */
  readonly sessions: number;
  readonly handled: number;
  readonly cursor: ImapCursor | null;
}

export interface ImapIntake {
  /** Starts the loop in the background; connection problems are logged and retried. */
  start(): void;
  /** Finishes the mail in hand (within stopGraceMs), then logs out. */
  stop(): Promise<void>;
  status(): ImapIntakeStatus;
}

/** Keyword on a handled mail that could not be moved; a later pass moves it without handling. */
export const PROCESSED_KEYWORD = '$DipjudgeProcessed';
/** Keyword on a mail set aside after too many failed handlings. */
export const FAILED_KEYWORD = '$DipjudgeFailed';
/** The size of the first group after a quiet spell (see groupSize). */
export const FIRST_GROUP_SIZE = 8;

export function createImapIntake(options: ImapIntakeOptions): ImapIntake {
  return new IntakeLoop(options);
}

// ------------------------------------------------------------------------------------------------

/** idle: found no mail; busy: took some, so look again at once; retry: a handler failed. */
type Round = { readonly kind: 'idle' } | { readonly kind: 'busy' } | { readonly kind: 'retry'; readonly delayMs: number };

interface IntakeLog {
  debug(bindings: object, message: string): void;
  info(bindings: object, message: string): void;
  warn(bindings: object, message: string): void;
  error(bindings: object, message: string): void;
}

const SILENT: IntakeLog = { debug() {}, info() {}, warn() {}, error() {} };

class ConnectionLost extends Error {
  constructor() {
    super('the IMAP connection closed');
  }
}

class IntakeLoop implements ImapIntake {
  private readonly settings: ImapConnectionSettings;
  private readonly handle: ImapMessageHandler;
  private readonly handleGroup: ImapGroupHandler | null;
  private readonly groupSize: number;
  /** The most the next group may hold: small after a quiet spell, doubling as a burst goes on. */
  private groupLimit: number;
  private readonly processedMailbox: string;
  private readonly failedMailbox: string | null;
  private readonly maxAttempts: number;
  private readonly isTransient: (error: unknown) => boolean;
  private readonly maxMessageBytes: number;
  private readonly headOnlyAbove: number | null;
  private readonly headBytes: number;
  private readonly batchSize: number;
  private readonly batchBytes: number;
  private readonly store: ImapCursorStore;
  private readonly stateKey: string;
  private readonly log: IntakeLog;
  private readonly clientLogger: Logger | false;
  private readonly autoIdleDelayMs: number;
  private readonly pollIntervalMs: number;
  private readonly backoff: BackoffPolicy;
  private readonly stopGraceMs: number;
  private readonly connectTimeoutMs: number;

  private phase: ImapIntakePhase = 'new';
  private loop: Promise<void> | null = null;
  private stopping = false;
  private readonly stopBell = new Doorbell();
  private client: ImapFlow | null = null;
  private cursor: ImapCursor | null = null;
  /** Failed handlings per UID under the current UIDVALIDITY. */
  private readonly attempts = new Map<number, number>();
  /** Transient failures in a row, for the backoff only. */
  private transientFailures = 0;
  private sessions = 0;
  private handled = 0;

  constructor(options: ImapIntakeOptions) {
    this.settings = normaliseConnection(options.connection);
    this.handle = options.handle;
    this.handleGroup = options.handleGroup ?? null;
    this.groupSize = Math.max(1, Math.floor(options.groupSize ?? 50));
    this.groupLimit = Math.min(this.groupSize, FIRST_GROUP_SIZE);
    this.processedMailbox = options.processedMailbox ?? 'Processed';
    this.failedMailbox = options.failedMailbox ?? null;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.isTransient = options.isTransient ?? (() => false);
    this.maxMessageBytes = options.maxMessageBytes ?? 25 * 1024 * 1024;
    this.headOnlyAbove = options.headOnlyAbove ?? null;
    this.headBytes = options.headBytes ?? 64 * 1024;
    this.batchSize = Math.max(1, Math.floor(options.batchSize ?? 100));
    this.batchBytes = Math.max(1, options.batchBytes ?? 16 * 1024 * 1024);
    this.store = options.stateStore ?? memoryCursorStore();
    this.stateKey = options.stateKey ?? `imap:${this.settings.mailbox}`;
    const logger = options.logger || null;
    const imap = describeConnection(this.settings);
    this.log = logger?.child({ component: 'imap-intake', imap }) ?? SILENT;
    this.clientLogger = logger ? quieterChild(logger, { component: 'imapflow', imap }, options.clientLogLevel ?? 'warn') : false;
    this.autoIdleDelayMs = options.autoIdleDelayMs ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 60_000;
    this.backoff = backoffPolicy(options.backoff);
    this.stopGraceMs = options.stopGraceMs ?? 30_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  }

  start(): void {
    if (this.loop) throw new Error('the IMAP intake was already started; make a new one');
    this.loop = this.run().catch((error: unknown) => this.log.error({ err: error }, 'the IMAP intake stopped on an unexpected error'));
  }

  async stop(): Promise<void> {
    if (!this.loop) {
      this.phase = 'stopped';
      return;
    }
    if (!this.stopping) {
      this.stopping = true;
      const phase = this.phase;
      this.phase = 'stopping';
      this.stopBell.ring();
      // Nothing is in hand while connecting; waiting out a connect timeout would only delay us.
      if (phase === 'connecting') this.client?.close();
    }
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.loop.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), this.stopGraceMs))),
    ]);
    clearTimeout(timer);
    if (!finished) {
      this.log.warn({ graceMs: this.stopGraceMs }, 'the mail in hand did not finish in time; dropping the connection (it will be read again)');
      this.client?.close();
    }
    this.phase = 'stopped';
    this.log.info({}, 'IMAP intake stopped');
  }

  /** Phases of the loop; once stopping, only stop() moves the phase on. */
  private enter(phase: 'connecting' | 'draining' | 'waiting' | 'backing-off'): void {
    if (!this.stopping) this.phase = phase;
  }

  status(): ImapIntakeStatus {
    return { phase: this.phase, sessions: this.sessions, handled: this.handled, cursor: this.cursor };
  }

  // ----------------------------------------------------------------------------------------------
  // Connections
  // ----------------------------------------------------------------------------------------------

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      const client = createImapClient(this.settings, {
        logger: this.clientLogger,
        autoIdleDelayMs: this.autoIdleDelayMs,
        connectTimeoutMs: this.connectTimeoutMs,
      });
      this.client = client;
      let opened = false;
      try {
        await this.session(client, () => {
          opened = true;
          failures = 0;
        });
      } catch (error) {
        if (this.stopping) {
          // expected: stop() closed the connection
        } else if (isLoginRefused(error)) {
          this.log.error({ response: error.response }, 'the IMAP server refused the login: check user and password');
        } else {
          this.log.warn(error instanceof ConnectionLost ? {} : { err: error }, opened ? 'IMAP connection lost' : 'IMAP connection failed');
        }
      } finally {
        await this.release(client);
        if (this.client === client) this.client = null;
      }
      if (this.stopping) break;
      const delayMs = backoffDelay(this.backoff, failures++);
      this.enter('backing-off');
      this.log.info({ delayMs, failures }, 'reconnecting to the IMAP server');
      await waitForAny([this.stopBell], delayMs);
    }
  }

  /** Returns only when stopping; throws when the connection fails. */
  private async session(client: ImapFlow, onProgress: () => void): Promise<void> {
    const newMail = new Doorbell();
    const lost = new Doorbell();
    // Errors are followed by 'close'; without a listener an 'error' event would kill the process.
    client.on('error', (error) => this.log.debug({ err: error }, 'IMAP client error'));
    client.on('close', () => lost.ring());
    client.on('exists', (event) => {
      if (event.count > event.prevCount) newMail.ring();
    });

    this.enter('connecting');
    await client.connect();
    if (this.stopping) return;
    await this.ensureMailbox(client, this.processedMailbox);
    if (this.failedMailbox !== null) await this.ensureMailbox(client, this.failedMailbox);
    const box = await client.mailboxOpen(this.settings.mailbox);
    this.sessions++;
    const cursor = await this.reconcileCursor(box);
    this.log.info({ uidvalidity: cursor.uidvalidity, lastUid: cursor.lastUid, exists: box.exists }, 'IMAP mailbox open');

    const pipeline: Pipeline = { ahead: null, settling: Promise.resolve(), failure: null };
    try {
      await this.rounds(client, pipeline, { newMail, lost }, onProgress);
    } finally {
      // Whatever ends the session, the handled mail is settled (or has failed to be) before the
      // connection goes, so nothing of this session can touch the cursor afterwards.
      await this.quiesce(pipeline).catch((error: unknown) => this.log.debug({ err: error }, 'settling at the end of the session failed'));
    }
  }

  private async rounds(
    client: ImapFlow,
    pipeline: Pipeline,
    bells: { readonly newMail: Doorbell; readonly lost: Doorbell },
    onProgress: () => void,
  ): Promise<void> {
    const { newMail, lost } = bells;
    while (!this.stopping) {
      this.enter('draining');
      const round = await this.drain(client, pipeline);
      onProgress();
      if (this.stopping) return;
      if (!client.usable) throw new ConnectionLost();
      // More mail may have come while this round worked: the batch read ahead will tell.
      if (round.kind === 'busy') continue;
      this.groupLimit = Math.min(this.groupSize, FIRST_GROUP_SIZE);
      this.enter('waiting');
      const woken =
        round.kind === 'retry' ? await waitForAny([lost, this.stopBell], round.delayMs) : await waitForAny([newMail, lost, this.stopBell], this.pollIntervalMs);
      if (woken === lost || !client.usable) throw new ConnectionLost();
    }
  }

  private async ensureMailbox(client: ImapFlow, path: string): Promise<void> {
    try {
      await client.mailboxCreate(path); // answers created: false when it exists
    } catch (error) {
      if (!client.usable) throw error;
      this.log.warn({ err: error, mailbox: path }, 'cannot create the mailbox; handled mail will be marked instead of moved');
    }
  }

  private async release(client: ImapFlow): Promise<void> {
    if (this.stopping && client.usable) {
      try {
        await client.logout();
      } catch {
        client.close();
      }
    } else {
      client.close();
    }
    client.removeAllListeners();
    client.on('error', () => undefined); // late socket errors of a discarded client
  }

  // ----------------------------------------------------------------------------------------------
  // Reading position
  // ----------------------------------------------------------------------------------------------

  private async reconcileCursor(box: MailboxObject): Promise<ImapCursor> {
    const uidvalidity = box.uidValidity.toString();
    const stored = await this.store.get(this.stateKey);
    if (stored && stored.uidvalidity === uidvalidity && stored.lastUid < box.uidNext) {
      this.cursor = stored;
      return stored;
    }
    if (stored && stored.uidvalidity !== uidvalidity) {
      this.log.warn({ was: stored.uidvalidity, now: uidvalidity }, 'UIDVALIDITY changed: reading the whole mailbox again (the judge drops mail it has seen)');
    } else if (stored) {
      this.log.warn({ lastUid: stored.lastUid, uidNext: box.uidNext }, 'the saved UID lies beyond the mailbox: reading the whole mailbox again');
    }
    this.attempts.clear();
    const fresh: ImapCursor = { uidvalidity, lastUid: 0 };
    await this.store.set(this.stateKey, fresh);
    this.cursor = fresh;
    return fresh;
  }

  private async advance(uid: number): Promise<void> {
    const cursor: ImapCursor = { uidvalidity: this.cursor!.uidvalidity, lastUid: uid };
    await this.store.set(this.stateKey, cursor);
    this.cursor = cursor;
  }

  // ----------------------------------------------------------------------------------------------
  // Mail
  // ----------------------------------------------------------------------------------------------

  /**
   * One round: takes the next batch (at most batchSize mails, batchBytes of sources), hands its
   * mail over one at a time in UID order, then settles what was finished with one command per
   * kind over a UID set and saves the cursor once. Nothing is moved or saved before `handle`
   * resolved for it; a failing mail ends the round, after the mail before it was settled.
   *
   * Pipelined: the next batch is read while this one is judged, and this one is settled while
   * the next is judged (ImapFlow runs one command at a time, so the connection's work overlaps
   * the judge's, never itself). Settlements run in order, so the cursor never passes unsettled
   * mail. A round that does not end "busy" waits for its settlement and drops the batch read
   * ahead, so the next round reads again from the cursor.
   */
  private async drain(client: ImapFlow, pipeline: Pipeline): Promise<Round> {
    // With nothing read ahead (after a quiet spell, at the start of a session) only the first
    // group's mails are read: judging starts while the rest of a burst is read ahead.
    const batch = await (pipeline.ahead ?? this.readBatch(client, this.cursor!.lastUid, Math.min(this.batchSize, this.groupLimit)));
    pipeline.ahead = null;
    if (batch.length === 0) {
      await this.quiesce(pipeline);
      return { kind: 'idle' };
    }
    pipeline.ahead = this.readBatch(client, batch.at(-1)!.uid);
    pipeline.ahead.catch(() => undefined); // awaited later; a failure then ends the session

    const settlement = new Settlement();
    let round: Round = { kind: 'busy' };
    for (const mails of this.groups(batch)) {
      // Stopping finishes the mail in hand, not the batch; a lost connection would only replay more.
      if (this.stopping || !client.usable || pipeline.failure !== null) break;
      const outcome = mails.length === 1 ? await this.take(mails[0]!, settlement) : await this.takeGroup(mails, settlement);
      if (outcome.kind === 'retry') {
        round = outcome;
        break;
      }
    }
    pipeline.settling = pipeline.settling.then(async () => {
      if (pipeline.failure !== null) return; // an earlier settlement failed: the session ends, this mail replays
      try {
        await this.settle(client, settlement);
      } catch (error) {
        pipeline.failure = error instanceof Error ? error : new Error(String(error));
      }
    });
    if (round.kind === 'busy' && !this.stopping && client.usable && pipeline.failure === null) return round;
    await this.quiesce(pipeline);
    return round;
  }

  /** Drops the batch read ahead and waits for the settlements in flight; throws if one failed. */
  private async quiesce(pipeline: Pipeline): Promise<void> {
    const ahead = pipeline.ahead;
    pipeline.ahead = null;
    await ahead?.catch(() => undefined);
    await pipeline.settling;
    if (pipeline.failure !== null) throw pipeline.failure;
  }

  /** The mail after `afterUid`, in UID order: listed first, so the too large are never downloaded. */
  private async readBatch(client: ImapFlow, afterUid: number, most = this.batchSize): Promise<BatchMail[]> {
    // `N:*` always includes the highest UID, even below N: hence the filter. This SEARCH is also
    // what lets the server report new mail outside IDLE, so it is never skipped on a cached count.
    const found = await client.search({ uid: `${afterUid + 1}:*` }, { uid: true });
    if (found === false || found === undefined) {
      if (!client.usable) throw new ConnectionLost();
      throw new Error('the IMAP server refused to SEARCH the mailbox');
    }
    const uids = found
      .filter((uid) => uid > afterUid)
      .sort((a, b) => a - b)
      .slice(0, most);
    if (uids.length === 0) return [];
    const listed = await client.fetchAll(uidSet(uids), { uid: true, flags: true, size: true }, { uid: true });
    if (!client.usable) throw new ConnectionLost();
    listed.sort((a, b) => a.uid - b.uid);

    const batch: BatchMail[] = [];
    const toRead: number[] = [];
    const headsToRead: number[] = [];
    let bytes = 0;
    for (const entry of listed) {
      if (entry.uid <= afterUid) continue;
      const flags = entry.flags ?? new Set<string>();
      const size = entry.size ?? 0;
      const unmarked = !flags.has(FAILED_KEYWORD) && !flags.has(PROCESSED_KEYWORD);
      const headOnly = this.headOnlyAbove !== null && size > this.headOnlyAbove;
      if (unmarked && headOnly) {
        if (toRead.length + headsToRead.length > 0 && bytes + this.headBytes > this.batchBytes) break;
        bytes += this.headBytes;
        headsToRead.push(entry.uid);
      } else if (unmarked && size <= this.maxMessageBytes) {
        // The budget ends the batch (the first mail always fits): later mail waits for the next round.
        if (toRead.length + headsToRead.length > 0 && bytes + size > this.batchBytes) break;
        bytes += size;
        toRead.push(entry.uid);
      }
      batch.push({ uid: entry.uid, flags, size, source: null, headOnly });
    }
    const sources = new Map<number, Buffer>();
    if (toRead.length > 0) {
      for (const message of await client.fetchAll(uidSet(toRead), { uid: true, source: true }, { uid: true })) {
        if (message.source) sources.set(message.uid, message.source);
      }
    }
    if (headsToRead.length > 0) {
      // A partial FETCH (BODY.PEEK[]<0.n>): the body of an oversized mail never crosses the wire.
      for (const message of await client.fetchAll(uidSet(headsToRead), { uid: true, source: { start: 0, maxLength: this.headBytes } }, { uid: true })) {
        if (message.source) sources.set(message.uid, message.source);
      }
    }
    if (!client.usable) throw new ConnectionLost();
    for (const mail of batch) mail.source = sources.get(mail.uid) ?? null;
    return batch;
  }

  /**
   * The batch cut into what is handed over together: runs of consecutive mails to be judged, up
   * to groupLimit each. A mail with nothing to judge (marked, too large, vanished) goes alone, and
   * so does one whose handling failed before: it would likely fail its group again.
   */
  private *groups(batch: readonly BatchMail[]): Generator<BatchMail[]> {
    let group: BatchMail[] = [];
    for (const mail of batch) {
      if (this.handleGroup === null || !isToJudge(mail) || mail.headOnly || this.attempts.has(mail.uid)) {
        if (group.length > 0) yield group;
        group = [];
        yield [mail];
        continue;
      }
      group.push(mail);
      if (group.length >= this.groupLimit) {
        this.groupLimit = Math.min(this.groupSize, this.groupLimit * 2);
        yield group;
        group = [];
      }
    }
    if (group.length > 0) yield group;
  }

  /** Hands a group over in one call; see handleGroup for what happens when it fails. */
  private async takeGroup(mails: readonly BatchMail[], settlement: Settlement): Promise<Round | { readonly kind: 'next' }> {
    const uids = uidSet(mails.map((mail) => mail.uid));
    try {
      await this.handleGroup!(mails.map((mail) => ({ raw: mail.source!, meta: this.metaOf(mail.uid) })));
    } catch (error) {
      if (this.isTransient(error)) return this.retryAfterPassingFailure({ uids }, error);
      this.log.warn({ uids, err: error }, 'handling the mail together failed: handling it one at a time');
      for (const mail of mails) {
        if (this.stopping) break;
        const outcome = await this.take(mail, settlement);
        if (outcome.kind === 'retry') return outcome;
      }
      return { kind: 'next' };
    }
    for (const mail of mails) {
      mail.source = null;
      this.accepted(mail.uid, settlement);
    }
    this.log.debug({ uids }, 'mail handled');
    return { kind: 'next' };
  }

  /** The handler took the mail: it goes to Processed with the round. */
  private accepted(uid: number, settlement: Settlement): void {
    this.attempts.delete(uid);
    this.transientFailures = 0;
    this.handled++;
    settlement.processed(uid);
  }

  /** A failure that says nothing about the mail: the round ends and is read again after a backoff. */
  private retryAfterPassingFailure(bindings: object, error: unknown): Round {
    const delayMs = backoffDelay(this.backoff, this.transientFailures++);
    this.log.warn({ ...bindings, delayMs, err: error }, 'handling the mail failed for a passing reason: it is tried again');
    return { kind: 'retry', delayMs };
  }

  private metaOf(uid: number): ImapMessageMeta {
    return { mailbox: this.settings.mailbox, uidvalidity: this.cursor!.uidvalidity, uid };
  }

  /** Decides about one mail; only `handle` runs here, the IMAP commands wait for settle(). */
  private async take(mail: BatchMail, settlement: Settlement): Promise<Round | { readonly kind: 'next' }> {
    const uid = mail.uid;
    const log = { uid };
    const next = { kind: 'next' } as const;
    if (mail.flags.has(FAILED_KEYWORD)) {
      settlement.pass(uid);
      return next;
    }
    if (mail.flags.has(PROCESSED_KEYWORD)) {
      this.log.info(log, 'mail handled before but not moved: moving it now');
      settlement.processed(uid);
      return next;
    }
    if (mail.size > this.maxMessageBytes && !mail.headOnly) {
      this.log.error({ ...log, size: mail.size, limit: this.maxMessageBytes }, 'mail too large: set aside unread');
      settlement.setAside(uid);
      return next;
    }
    if (mail.source === null) {
      this.log.info(log, 'mail vanished before it was read');
      settlement.pass(uid);
      return next;
    }
    const meta = mail.headOnly ? { ...this.metaOf(uid), wholeSizeBytes: mail.size } : this.metaOf(uid);
    const source = mail.source;
    mail.source = null; // the batch need not keep what was handed over
    try {
      if ((await this.handle(source, meta)) === 'set-aside') {
        this.log.error(log, 'the handler could not record the mail: set aside');
        this.attempts.delete(uid);
        settlement.setAside(uid);
        return next;
      }
    } catch (error) {
      if (this.isTransient(error)) return this.retryAfterPassingFailure(log, error);
      const attempts = (this.attempts.get(uid) ?? 0) + 1;
      this.attempts.set(uid, attempts);
      if (attempts >= this.maxAttempts) {
        this.log.error({ ...log, attempts, err: error }, 'handling the mail failed too often: set aside');
        this.attempts.delete(uid);
        settlement.setAside(uid);
        return next;
      }
      const delayMs = backoffDelay(this.backoff, attempts - 1);
      this.log.warn({ ...log, attempts, delayMs, err: error }, 'handling the mail failed: it stays in the mailbox and is tried again');
      return { kind: 'retry', delayMs };
    }
    this.accepted(uid, settlement);
    this.log.debug(log, 'mail handled');
    return next;
  }

  /**
   * Moves the round's handled mail out and sets aside its failed mail, one command each over a
   * UID set, then saves the cursor once. A connection lost here replays the round's mail.
   */
  private async settle(client: ImapFlow, settlement: Settlement): Promise<void> {
    if (settlement.lastUid === null) return;
    if (settlement.failed.length > 0) await this.setAside(client, uidSet(settlement.failed));
    if (settlement.done.length > 0) await this.moveProcessed(client, settlement.done);
    await this.advance(settlement.lastUid);
  }

  /** Moves handled mail out; if the server refuses, marks it so it is never handled again. */
  private async moveProcessed(client: ImapFlow, uids: readonly number[]): Promise<void> {
    const range = uidSet(uids);
    // .SILENT: the server need not repeat each mail's flags. ImapFlow ENABLEs CONDSTORE, so Dovecot
    // still answers one FETCH (UID MODSEQ) line per mail (RFC 7162); shorter, but as many lines.
    await client.messageFlagsAdd(range, ['\\Seen'], { uid: true, silent: true });
    if (await client.messageMove(range, this.processedMailbox, { uid: true })) return;
    // ImapFlow answers false both for a refusal and for a dropped connection; only the first
    // deserves the fallback. After a drop the mail is read again and the judge drops it.
    if (!client.usable) throw new ConnectionLost();
    const marked = await client.messageFlagsAdd(range, ['\\Seen', PROCESSED_KEYWORD], { uid: true });
    if (!client.usable) throw new ConnectionLost();
    if (marked) this.log.warn({ uids: range, mailbox: this.processedMailbox }, 'cannot move handled mail: marked it instead');
    else this.log.error({ uids: range }, 'cannot move or mark handled mail: it stays in the mailbox');
  }

  private async setAside(client: ImapFlow, range: string): Promise<void> {
    await client.messageFlagsAdd(range, [FAILED_KEYWORD], { uid: true });
    // If the move is refused the keyword alone keeps the mail from being read again.
    if (this.failedMailbox !== null) await client.messageMove(range, this.failedMailbox, { uid: true });
    if (!client.usable) throw new ConnectionLost();
  }
}

/** A session's work in flight besides the mail in hand. */
interface Pipeline {
  /** The next batch, read while the current one is judged. */
  ahead: Promise<BatchMail[]> | null;
  /** Settlements in UID order; never rejects (a failure lands in `failure`). */
  settling: Promise<void>;
  failure: Error | null;
}

/** A mail of the current batch; `source` is null when it was not (or could not be) read. */
interface BatchMail {
  readonly uid: number;
  readonly flags: ReadonlySet<string>;
  readonly size: number;
  source: Buffer | null;
  /** Over headOnlyAbove: `source` holds only the mail's start. */
  readonly headOnly: boolean;
}

/** Whether the mail goes to the judge (take() settles the others without it). */
function isToJudge(mail: BatchMail): boolean {
  return mail.source !== null && !mail.flags.has(FAILED_KEYWORD) && !mail.flags.has(PROCESSED_KEYWORD);
}

/** What a round finished, in UID order, waiting for the IMAP commands and the cursor. */
class Settlement {
  /** Handled now, or handled before and only marked: to the Processed mailbox. */
  readonly done: number[] = [];
  /** Too large, or failed too often: keyword, and the failed mailbox when there is one. */
  readonly failed: number[] = [];
  /** The highest UID finished; the cursor moves here once the commands went through. */
  lastUid: number | null = null;

  processed(uid: number): void {
    this.done.push(uid);
    this.lastUid = uid;
  }

  setAside(uid: number): void {
    this.failed.push(uid);
    this.lastUid = uid;
  }

  /** Nothing to do on the server (set aside earlier, or vanished). */
  pass(uid: number): void {
    this.lastUid = uid;
  }
}

/** `1:3,7,9:10` for ascending UIDs: a round's mail is mostly one run, so the command stays short. */
export function uidSet(uids: readonly number[]): string {
  const parts: string[] = [];
  let index = 0;
  while (index < uids.length) {
    const first = uids[index]!;
    let last = first;
    while (index + 1 < uids.length && uids[index + 1] === last + 1) last = uids[++index]!;
    parts.push(first === last ? String(first) : `${first}:${last}`);
    index++;
  }
  return parts.join(',');
}

function isLoginRefused(error: unknown): error is Error & { readonly response?: unknown } {
  return error instanceof Error && (error as { authenticationFailed?: unknown }).authenticationFailed === true;
}

/** A child for ImapFlow that is never more verbose than `level`, nor than its parent. */
function quieterChild(parent: Logger, bindings: object, level: LevelWithSilent): Logger {
  const wanted = level === 'silent' ? Infinity : parent.levels.values[level]!;
  const chosen = parent.levelVal >= wanted ? parent.level : level;
  return parent.child(bindings, { level: chosen });
}
