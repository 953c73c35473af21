import type { FetchMessageObject, ImapFlow, MailboxObject } from 'imapflow';
import type { LevelWithSilent, Logger } from 'pino';
import { backoffDelay, backoffPolicy, type BackoffPolicy } from './backoff.ts';
import { Doorbell, waitForAny } from './doorbell.ts';
import { createImapClient, describeConnection, normaliseConnection, type ImapConnectionInput, type ImapConnectionSettings } from './imap-connection.ts';
import { memoryCursorStore, type ImapCursor, type ImapCursorStore } from './imap-cursor.ts';

// The daemon's IMAP intake: reads the judge's mailbox in UID order and hands each mail to
// `handle`, then moves it to the Processed mailbox. Delivery into `handle` is at-least-once:
// the move (and the saved cursor) come only after `handle` resolved, so a crash or a lost
// connection in between replays the mail, and the judge drops the replay by Message-ID. A
// server that refuses the move gets a $DipjudgeProcessed keyword instead, which later passes
// honour. A mail whose handler throws stays where it is and is retried, ahead of later mail.
//
// New mail arrives by IDLE (ImapFlow enters it after autoIdleDelayMs of quiet); a poll every
// pollIntervalMs covers servers or networks that lose IDLE notifications. A closed connection is
// never reused: each attempt builds a new ImapFlow, after an exponential backoff.

export interface ImapMessageMeta {
  readonly mailbox: string;
  /** Decimal, as the database returns int8. */
  readonly uidvalidity: string;
  readonly uid: number;
}

/** Resolves once the mail is safely recorded (the judge's transaction committed). */
export type ImapMessageHandler = (raw: Buffer, meta: ImapMessageMeta) => Promise<void>;

export interface ImapIntakeOptions {
  /** `imap://user:pass@host:port/INBOX`, or the parts. */
  readonly connection: ImapConnectionInput | string;
  readonly handle: ImapMessageHandler;
  /** Where handled mail goes (created when missing). Default 'Processed'. */
  readonly processedMailbox?: string;
  /**
   * Where a mail goes after maxAttempts failed handlings. Null (default): it stays in the mailbox
   * with the $DipjudgeFailed keyword and is skipped from then on.
   */
  readonly failedMailbox?: string | null;
  /** Handling attempts per mail before it is set aside (default 5). */
  readonly maxAttempts?: number;
  /** Larger mails are set aside unread (default 25 MB). */
  readonly maxMessageBytes?: number;
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

export function createImapIntake(options: ImapIntakeOptions): ImapIntake {
  return new IntakeLoop(options);
}

// ------------------------------------------------------------------------------------------------

type Round = { readonly kind: 'done' } | { readonly kind: 'retry'; readonly delayMs: number };

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
  private readonly processedMailbox: string;
  private readonly failedMailbox: string | null;
  private readonly maxAttempts: number;
  private readonly maxMessageBytes: number;
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
  private sessions = 0;
  private handled = 0;

  constructor(options: ImapIntakeOptions) {
    this.settings = normaliseConnection(options.connection);
    this.handle = options.handle;
    this.processedMailbox = options.processedMailbox ?? 'Processed';
    this.failedMailbox = options.failedMailbox ?? null;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.maxMessageBytes = options.maxMessageBytes ?? 25 * 1024 * 1024;
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

    while (!this.stopping) {
      this.enter('draining');
      const round = await this.drain(client);
      onProgress();
      if (this.stopping) return;
      if (!client.usable) throw new ConnectionLost();
      this.enter('waiting');
      const woken =
        round.kind === 'retry'
          ? await waitForAny([lost, this.stopBell], round.delayMs)
          : await waitForAny([newMail, lost, this.stopBell], this.pollIntervalMs);
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

  private async drain(client: ImapFlow): Promise<Round> {
    const lastUid = this.cursor!.lastUid;
    // No shortcut on the cached message count: outside IDLE nothing updates it, and this FETCH
    // is what lets the server report new mail when polling. `N:*` always includes the highest
    // UID, even below N: hence the filter.
    const listed = await client.fetchAll(`${lastUid + 1}:*`, { uid: true, flags: true, size: true }, { uid: true });
    const pending = listed.filter((message) => message.uid > lastUid).sort((a, b) => a.uid - b.uid);
    for (const message of pending) {
      if (this.stopping) break;
      const round = await this.take(client, message);
      if (round.kind === 'retry') return round;
    }
    return { kind: 'done' };
  }

  private async take(client: ImapFlow, listed: FetchMessageObject): Promise<Round> {
    const uid = listed.uid;
    const log = { uid };
    if (listed.flags?.has(FAILED_KEYWORD)) {
      await this.advance(uid);
      return { kind: 'done' };
    }
    if (listed.flags?.has(PROCESSED_KEYWORD)) {
      this.log.info(log, 'mail handled before but not moved: moving it now');
      await this.settle(client, uid);
      await this.advance(uid);
      return { kind: 'done' };
    }
    if ((listed.size ?? 0) > this.maxMessageBytes) {
      this.log.error({ ...log, size: listed.size, limit: this.maxMessageBytes }, 'mail too large: set aside unread');
      await this.setAside(client, uid);
      await this.advance(uid);
      return { kind: 'done' };
    }
    const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
    if (!message || !message.source) {
      if (!client.usable) throw new ConnectionLost();
      this.log.info(log, 'mail vanished before it was read');
      await this.advance(uid);
      return { kind: 'done' };
    }
    const meta: ImapMessageMeta = { mailbox: this.settings.mailbox, uidvalidity: this.cursor!.uidvalidity, uid };
    try {
      await this.handle(message.source, meta);
    } catch (error) {
      const attempts = (this.attempts.get(uid) ?? 0) + 1;
      this.attempts.set(uid, attempts);
      if (attempts >= this.maxAttempts) {
        this.log.error({ ...log, attempts, err: error }, 'handling the mail failed too often: set aside');
        await this.setAside(client, uid);
        this.attempts.delete(uid);
        await this.advance(uid);
        return { kind: 'done' };
      }
      const delayMs = backoffDelay(this.backoff, attempts - 1);
      this.log.warn({ ...log, attempts, delayMs, err: error }, 'handling the mail failed: it stays in the mailbox and is tried again');
      return { kind: 'retry', delayMs };
    }
    this.attempts.delete(uid);
    this.handled++;
    await this.settle(client, uid);
    await this.advance(uid);
    this.log.debug(log, 'mail handled');
    return { kind: 'done' };
  }

  /** Moves a handled mail out; if the server refuses, marks it so it is never handled again. */
  private async settle(client: ImapFlow, uid: number): Promise<void> {
    const range = String(uid);
    await client.messageFlagsAdd(range, ['\\Seen'], { uid: true });
    if (await client.messageMove(range, this.processedMailbox, { uid: true })) return;
    // ImapFlow answers false both for a refusal and for a dropped connection; only the first
    // deserves the fallback. After a drop the mail is read again and the judge drops it.
    if (!client.usable) throw new ConnectionLost();
    const marked = await client.messageFlagsAdd(range, ['\\Seen', PROCESSED_KEYWORD], { uid: true });
    if (!client.usable) throw new ConnectionLost();
    if (marked) this.log.warn({ uid, mailbox: this.processedMailbox }, 'cannot move handled mail: marked it instead');
    else this.log.error({ uid }, 'cannot move or mark handled mail: it stays in the mailbox');
  }

  private async setAside(client: ImapFlow, uid: number): Promise<void> {
    const range = String(uid);
    await client.messageFlagsAdd(range, [FAILED_KEYWORD], { uid: true });
    // If the move is refused the keyword alone keeps the mail from being read again.
    if (this.failedMailbox !== null) await client.messageMove(range, this.failedMailbox, { uid: true });
    if (!client.usable) throw new ConnectionLost();
  }
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
