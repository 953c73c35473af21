import { withNextFormingGames } from './players/next-forming.ts';
import {
  capOpeners,
  isInfoCommand,
  redactLine,
  splitBodyLines,
  type Block,
  type BodyLine,
  type OpenersLeftOut,
  type ParsedBody,
  type SessionOpener,
} from '../commands/index.ts';
import {
  renderLineNote,
  renderMailCapNote,
  renderMailFailure,
  renderMailRefusal,
  renderNoCommands,
  renderProseNote,
  renderRefusedBlock,
  renderRepeatsNote,
  renderReplyCutNote,
  type MailRefusal,
  type NotDone,
  type NotDoneKind,
} from '../render/index.ts';
import { commandProblemText, unneededCommandText } from '../render/command-problems.ts';
import { renderSessionRefusal } from '../render/session-refusals.ts';
import { BlockError, type BlockContext, type JudgeConfig, type PrecheckedPassword } from './context.ts';
import { replySubject, type SubjectGame } from '../render/subjects.ts';
import { startPasswordChecks } from './players/enter-game.ts';
import type { InboundMail } from './mail/inbound-mail.ts';
import type { GameName, MailAddress } from './model.ts';
import { withSecretFreeSubject } from './mail/secret-free-subject.ts';
import { infoCommand } from './reports/info-commands.ts';
import { bareStopReply, confirmAddress, readAddressRequest, stopByToken, type AddressRequest } from './mail/mail-addresses.ts';
import { masterCommandWithoutSignon } from './master/master-commands.ts';
import type { InboundOrigin, InboundRecord, InboundRecorded, JudgeStore, JudgeTransaction, MailAttachment, OutgoingMail, StoreTransaction } from './ports.ts';
import { kindForCreate, kindOfGame } from './kinds/registry.ts';
import { inUnitOfWork, UnitOfWork } from './unit-of-work.ts';
import { MailWork } from './mail/mail-work.ts';
import { parsedBodyOf } from './mail/parsed-bodies.ts';
import { PasswordGuard } from './passwords/password-guard.ts';
import { noReplyText } from '../render/mail-reasons.ts';

// One inbound mail (already read by the mail layer, src/mail/mail-judge.ts), start to end, in one database transaction: the Message-ID is recorded,
// each block runs under its own savepoint (a block with any error changes nothing), games
// that became ready are processed, and every outgoing mail is written to the outbox.
// Nothing is sent from here; replaying the same mail finds its Message-ID and does nothing.
// A mail whose handling throws is either retried by the caller (the store says the error was
// transient) or recorded as failed with one reply, so a fault in the judge never loops a mail.

export type ReceiveOutcome =
  | {
      readonly status: 'processed';
      readonly messageId: string;
      readonly blocks: number;
      readonly failedBlocks: number;
      /** Games the mail changed, with the phase each is in afterwards (for the log line), in its kind's spelling. */
      readonly games: readonly { readonly name: string; readonly phase: string | null }[];
    }
  | { readonly status: 'duplicate'; readonly messageId: string }
  | { readonly status: 'ignored'; readonly messageId: string; readonly reason: string }
  | { readonly status: 'rejected'; readonly messageId: string; readonly reason: string }
  /** The judge itself failed on the mail: nothing in it was done; the sender and judgekeeper were told. */
  | { readonly status: 'failed'; readonly messageId: string; readonly reason: string }
  /**
   * The judge failed on the mail and could not even record that (the database refused the
   * record): nothing in it was done, the judgekeeper's log says so once, and the caller puts the
   * mail aside (spool failed/, IMAP Failed mailbox) so the mails behind it go on.
   */
  | { readonly status: 'set-aside'; readonly messageId: string; readonly reason: string };

/** Where the judgekeeper hears of mail the judge could not handle; a pino Logger fits. */
export interface JudgeLog {
  error(details: Readonly<Record<string, unknown>>, message: string): void;
}

/** Without an injected log: one JSON line on stderr, so a failure is never silent. */
const stderrLog: JudgeLog = {
  error: (details, message) => process.stderr.write(`${JSON.stringify({ level: 'error', time: new Date().toISOString(), ...details, msg: message })}\n`),
};

export class Judge {
  constructor(
    private readonly store: JudgeStore,
    private readonly config: JudgeConfig,
    private readonly random: () => number = Math.random,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: JudgeLog = stderrLog,
  ) {}

  /**
   * Handles one mail. `origin` says where it was read (IMAP mailbox and UID), for the record.
   * Throws only when the store reports a transient failure: the caller then tries again later.
   */
  async receive(given: InboundMail, origin?: InboundOrigin | null): Promise<ReceiveOutcome> {
    // A password in the Subject never reaches the record, the reply or the log.
    const message = withSecretFreeSubject(given);
    try {
      return await this.handleInTransaction(message, origin);
    } catch (error) {
      if (this.store.isTransient(error)) throw error;
      // The transaction rolled back, so nothing of the mail stands; record that in a new one.
      return this.recordFailure({ messageId: message.id, origin, message, error });
    }
  }

  /** Records a mail the mail layer could not read at all (`id` derived from its bytes) as failed. */
  recordUnreadable(id: string, origin: InboundOrigin | null | undefined, error: unknown): Promise<ReceiveOutcome> {
    return this.recordFailure({ messageId: id, origin, message: null, error });
  }

  /**
   * Handles several mails, in the order given, in one transaction, each exactly as receive()
   * would: a burst pays one BEGIN, one COMMIT, one statement recording the mails and one writing
   * their replies, instead of each per mail, and the group's passwords are hashed in parallel.
   * All or nothing: when anything fails, nothing of any of them stands and the error is thrown
   * (unlike receive, a fault of the judge is not recorded here): the caller then hands the mails
   * to receive() one at a time, which records the faulty one as failed.
   */
  async receiveAll(mails: readonly { readonly message: InboundMail; readonly origin?: InboundOrigin | null }[]): Promise<ReceiveOutcome[]> {
    return this.store.transaction((tx) => this.receiveAllIn(tx, mails));
  }

  /**
   * receiveAll inside a transaction the caller opened and commits (the queue of recorded mail,
   * src/daemon/queued-mail.ts, claims the mails in the same transaction): all or nothing with it.
   */
  async receiveAllIn(
    tx: StoreTransaction,
    mails: readonly { readonly message: InboundMail; readonly origin?: InboundOrigin | null }[],
  ): Promise<ReceiveOutcome[]> {
    const mailsRead: Received[] = [];
    for (const { message, origin } of mails) mailsRead.push(await withNextForming(tx, received(withSecretFreeSubject(message), origin)));
    const work = new UnitOfWork(tx);
    const { recorded, games } = await work.open(mailsRead.map(inboundRecord), mailsRead.flatMap(namedGames));
    const guard = new PasswordGuard(games.flatMap((game) => game.passwordFailures));
    const openers = mailsRead.flatMap(({ message, body }, index) => {
      const sender = message.replyAddress;
      return recorded[index]!.recorded && sender !== null
        ? body.blocks.flatMap((block) => (block.kind === 'session' ? [{ opener: block.opener, sender }] : []))
        : [];
    });
    const passwordChecks = await startPasswordChecks(work, openers, guard, this.clock());
    const outcomes: ReceiveOutcome[] = [];
    for (const [index, mail] of mailsRead.entries()) outcomes.push(await this.handleMail(work, mail, recorded[index]!, guard, passwordChecks));
    await work.save();
    return outcomes;
  }

  /**
   * receive() inside a transaction the caller opened and commits: the mail's work runs under a
   * savepoint, and when the judge fails on it that work is undone and the failure recorded (with
   * its one reply) in the same transaction, so whatever the caller commits with it (the mail
   * leaving the queue) goes with exactly one outcome. `message` null: the mail layer could not
   * read the mail at all (`unreadable` says why); it is recorded as failed under `id`.
   * Throws only transient store failures, as receive() does.
   */
  async receiveIn(
    tx: StoreTransaction,
    given: InboundMail | { readonly id: string; readonly unreadable: unknown },
    origin?: InboundOrigin | null,
  ): Promise<ReceiveOutcome> {
    if (!('text' in given)) return this.recordFailureIn(tx, { messageId: given.id, origin, message: null, error: given.unreadable });
    const message = withSecretFreeSubject(given);
    try {
      return await tx.nested(() => this.receiveOne(tx, message, origin));
    } catch (error) {
      if (this.store.isTransient(error)) throw error;
      return this.recordFailureIn(tx, { messageId: message.id, origin, message, error });
    }
  }

  private handleInTransaction(message: InboundMail, origin: InboundOrigin | null | undefined): Promise<ReceiveOutcome> {
    return this.store.transaction((tx) => this.receiveOne(tx, message, origin));
  }

  /** One mail as a unit of work: one call to record it and load its games, one to save what it did. */
  private async receiveOne(tx: StoreTransaction, message: InboundMail, origin: InboundOrigin | null | undefined): Promise<ReceiveOutcome> {
    const mail = await withNextForming(tx, received(message, origin));
    const work = new UnitOfWork(tx);
    const { recorded, games } = await work.open([inboundRecord(mail)], namedGames(mail));
    const guard = new PasswordGuard(games.flatMap((game) => game.passwordFailures));
    const outcome = await this.handleMail(work, mail, recorded[0]!, guard, null);
    await work.save();
    return outcome;
  }

  /** The rest of a mail once it is recorded: ignored, refused, or its commands run. */
  private async handleMail(
    tx: UnitOfWork,
    mail: Received,
    inbound: InboundRecorded,
    guard: PasswordGuard,
    passwordChecks: PasswordChecks | null,
  ): Promise<ReceiveOutcome> {
    const { message, messageId } = mail;
    if (!inbound.recorded) return { status: 'duplicate', messageId };
    const sender = message.replyAddress;
    // The judgekeeper's choice: mail whose From failed DMARC/SPF is dropped; answering it would write to whoever was forged.
    if (this.config.refuseFailedSenderAuth && message.senderAuth === 'fail') {
      await tx.markInbound(messageId, 'ignored', null);
      return { status: 'ignored', messageId, reason: noReplyText({ kind: 'sender-auth-failed' }) };
    }
    const request = readAddressRequest(message);
    if (request?.kind === 'stop') {
      // Before the hourly limit: asking to stop always works. Answered only when the token is unknown.
      const stop = await stopByToken(tx, this.config, request.token, this.clock());
      if (stop.reply !== null && sender !== null && message.noReplyReason === null && inbound.fromSenderThisHour <= this.mailsPerHour()) {
        await tx.markInbound(messageId, 'processed', null);
        await tx.enqueueMail(replyTo(message, this.config, sender, [stop.reply]));
        return { status: 'processed', messageId, blocks: 0, failedBlocks: 0, games: [] };
      }
      // A stop is not confirmed (the address gets nothing more); an unknown token past the limit is not answered.
      await tx.markInbound(messageId, 'ignored', null);
      return {
        status: 'ignored',
        messageId,
        reason: noReplyText(stop.stopped !== null ? { kind: 'stopped', address: stop.stopped } : { kind: 'unknown-stop-token' }),
      };
    }
    if (sender === null || message.noReplyReason !== null) {
      const reason = message.noReplyReason ?? noReplyText({ kind: 'no-sender' });
      await tx.markInbound(messageId, 'ignored', null);
      return { status: 'ignored', messageId, reason };
    }
    const refusal = this.refusal(message, inbound.fromSenderThisHour);
    if (refusal) {
      await tx.markInbound(messageId, 'rejected', null);
      // Past the hourly limit only the first refusal is answered, so two robots cannot loop.
      if (refusal.answer) await tx.enqueueMail(replyTo(message, this.config, sender, [refusal.text]));
      return { status: 'rejected', messageId, reason: refusal.text };
    }
    if (request !== null) return this.handleAddressRequest(tx, mail, sender, request);
    return this.handle(tx, mail, sender, guard, passwordChecks);
  }

  /** CONFIRM ADDRESS or a bare STOP: the mail is about the address, and nothing else in it is read. */
  private async handleAddressRequest(
    tx: JudgeTransaction,
    mail: Received,
    sender: MailAddress,
    request: Exclude<AddressRequest, { kind: 'stop' }>,
  ): Promise<ReceiveOutcome> {
    const { message, messageId } = mail;
    const text = request.kind === 'confirm' ? await confirmAddress(tx, sender, request.code, this.clock()) : bareStopReply(sender);
    await tx.enqueueMail(replyTo(message, this.config, sender, [text]));
    await tx.markInbound(messageId, 'processed', null);
    return { status: 'processed', messageId, blocks: 0, failedBlocks: 0, games: [] };
  }

  /**
   * Records a mail the judge failed on, with its one reply, in a transaction of their own keyed
   * by the Message-ID: replaying the mail then finds it and is a duplicate, never a second reply.
   */
  private async recordFailure(failure: MailFailure): Promise<ReceiveOutcome> {
    try {
      return await this.recordFailureOnce(failure);
    } catch (recordError) {
      if (this.store.isTransient(recordError)) throw recordError;
      const { messageId, origin, message, error } = failure;
      const reason = describeFailure(error);
      this.log.error(
        {
          messageId,
          from: message?.from ?? null,
          ...originFields(origin),
          error: reason,
          recordError: describeFailure(recordError),
          stack: stackFrames(error),
        },
        'the judge failed on a mail and could not record it: nothing in it was done, the mail is set aside',
      );
      return { status: 'set-aside', messageId, reason };
    }
  }

  private recordFailureOnce(failure: MailFailure): Promise<ReceiveOutcome> {
    return this.store.transaction((tx) => this.recordFailureIn(tx, failure));
  }

  /** Records the failure (and its one reply) in `tx`; a mail recorded before is a duplicate. */
  private async recordFailureIn(store: StoreTransaction, failure: MailFailure): Promise<ReceiveOutcome> {
    const { messageId, origin, message, error } = failure;
    const reason = describeFailure(error);
    const answered = await inUnitOfWork(store, async (tx) => {
      const [inbound] = await tx.recordInbound([
        { messageId, from: message?.from ?? '', replyAddress: message?.replyAddress ?? null, subject: message?.subject ?? '', origin },
      ]);
      if (!inbound!.recorded) return null;
      await tx.markInbound(messageId, 'failed', null);
      const sender = message?.replyAddress ?? null;
      if (message === null || sender === null || message.noReplyReason !== null) return false;
      // The same hourly limit as for any mail, so a robot whose mail always fails cannot loop with us.
      if (inbound!.fromSenderThisHour > this.mailsPerHour() + 1) return false;
      await tx.enqueueMail(replyTo(message, this.config, sender, [renderMailFailure(messageId)]));
      return true;
    });
    if (answered === null) return { status: 'duplicate', messageId };
    // Bodies can hold passwords: the log names the mail and the error, never what the mail said.
    this.log.error(
      { messageId, from: message?.from ?? null, ...originFields(origin), error: reason, stack: stackFrames(error), senderTold: answered },
      'the judge failed on a mail: nothing in it was done, it is recorded as failed',
    );
    return { status: 'failed', messageId, reason };
  }

  /** Mail the judge refuses whole: too large, or one too many from the same sender this hour. */
  private refusal(message: InboundMail, fromSenderThisHour: number): { text: string; answer: boolean } | null {
    const limit = this.mailsPerHour();
    // Past the hourly limit even a refusal for size is answered only once.
    const answerOnce = fromSenderThisHour <= limit + 1;
    const maxBytes = this.config.maxMessageBytes ?? 256 * 1024;
    let refusal: MailRefusal | null = null;
    let answer = answerOnce;
    if (message.sizeBytes > maxBytes) refusal = { kind: 'too-large', sizeBytes: message.sizeBytes, maxBytes };
    else if (message.unreadable !== undefined) refusal = { kind: 'unreadable', why: message.unreadable };
    else if (fromSenderThisHour > limit) {
      refusal = { kind: 'too-many', perHour: limit };
      answer = fromSenderThisHour === limit + 1;
    }
    return refusal === null ? null : { text: renderMailRefusal(refusal), answer };
  }

  private mailsPerHour(): number {
    return this.config.maxMailsPerHour ?? 60;
  }

  private async handle(
    tx: UnitOfWork,
    mail: Received,
    sender: MailAddress,
    passwordGuard: PasswordGuard,
    passwordChecks: PasswordChecks | null,
  ): Promise<ReceiveOutcome> {
    const { message, messageId, body, leftOut } = mail;
    const now = this.clock();
    const sections: string[] = [];
    const attachments: MailAttachment[] = [];
    const touched = new Set<number>();
    let failed = 0;
    let signedOn = false;
    const proseLines = [...body.proseLines];
    const mailWork = new MailWork();
    // The body's lines, split once: quoted in refusals, and handed to a kind that reads its blocks itself.
    const splitLines = splitBodyLines(message.text ?? '');
    const bodyLines = quotableLines(splitLines);
    const parseErrors = (block: number) =>
      body.errors.filter((e) => e.block === block).map((e) => ({ line: e.line, text: e.text, message: commandProblemText(e.problem) }));
    const linesOfBlock = blockLineReader(splitLines, body);
    for (const [index, block] of body.blocks.entries()) {
      const ctx: BlockContext<JudgeTransaction> = {
        tx,
        config: this.config,
        message,
        sender,
        reply: [],
        attachments: [],
        errors: parseErrors(index),
        random: this.random,
        now,
        touchedGames: new Set(),
        proseLines,
        passwordGuard,
        mailWork,
        ...(passwordChecks ? { passwordChecks } : {}),
        // Only a kind with a language of its own (Mafia) reads them: cut out on first use.
        get blockLines() {
          return linesOfBlock(index);
        },
      };
      const ok = await this.runBlock(ctx, block);
      if (ok) for (const game of ctx.touchedGames) touched.add(game);
      else failed++;
      // MAP's pictures go with the reply, as what the block did: a refused block's reply tells none of it.
      if (ok) attachments.push(...ctx.attachments);
      if (ok && block.kind === 'session' && block.opener.kind === 'signon') signedOn = true;
      sections.push(await blockReply(block, ctx, ok, bodyLines));
    }
    // Wrong passwords stay counted whatever became of their blocks.
    const failures = passwordGuard.takeChanges();
    if (failures.length > 0) await tx.recordPasswordFailures(failures);
    if (mailWork.repeatedInfo > 0) sections.push(renderRepeatsNote(mailWork.repeatedInfo));
    for (const note of mailWork.notes()) sections.push(renderMailCapNote(note));
    if (leftOut) sections.push(renderMailCapNote({ kind: 'openers', ...leftOut }));
    const orphanErrors = body.errors.filter((e) => e.block < 0 || e.block >= body.blocks.length);
    if (orphanErrors.length > 0) sections.push(orphanErrors.map((e) => renderLineNote({ ...e, message: commandProblemText(e.problem) })).join('\n'));
    for (const note of body.notes) sections.push(renderLineNote({ ...note, message: unneededCommandText(note.name, note.unneeded) }));
    const commandCount = body.blocks.length + body.notes.length;
    if (proseLines.length > 0) sections.push(renderProseNote(proseLines));
    if (commandCount === 0 && orphanErrors.length === 0) sections.push(renderNoCommands());
    // njudge's subject: the game the mail is about, in the phase the mail was read in (before processing).
    const subjectGame = await signedOnGame(tx, body);
    // Whatever made a phase ready (orders, SET NOWAIT, TAKEOVER), the reply says when it is processed.
    const games = [];
    for (const gameId of touched) {
      const game = await tx.findGameById(gameId, { forUpdate: true });
      if (!game) continue;
      const after = await kindOfGame(game).processIfReady(tx, this.config, game, now, sender);
      if (after === null) continue;
      if (after.note) sections.push(after.note);
      games.push({ name: after.name, phase: after.phase });
    }
    // A valid password (or the judge's mail server vouching for the From) proves the address: it
    // is no longer a stranger's, and a stop it asked for is lifted (src/judge/mail/mail-addresses.ts).
    if (signedOn) tx.proveAddress(sender, now);
    if (message.senderAuth === 'pass' && message.from !== null && !(signedOn && message.from === sender)) tx.proveAddress(message.from, now);
    await tx.enqueueMail(replyTo(message, this.config, sender, sections, { game: subjectGame, errorFlag: failed > 0 || orphanErrors.length > 0, attachments }));
    await tx.markInbound(messageId, 'processed', null);
    return { status: 'processed', messageId, blocks: body.blocks.length, failedBlocks: failed, games };
  }

  /** Runs one block under a savepoint; any error undoes all of it. */
  private async runBlock(ctx: BlockContext<JudgeTransaction>, block: Block): Promise<boolean> {
    if (block.kind === 'broken') return false;
    try {
      // Info commands (HELP, LIST, HISTORY …) only read: a block of nothing else has no
      // writes to undo, so it spares the SAVEPOINT and RELEASE round trips.
      const readOnly = readsOnly(block);
      const work = async () => {
        await this.execute(ctx, block);
        if (ctx.errors.length > 0) throw new BlockRolledBack();
      };
      await (readOnly ? work() : ctx.tx.nested(work));
      return true;
    } catch (error) {
      if (error instanceof BlockError) ctx.errors.push({ line: error.line, message: error.message });
      else if (!(error instanceof BlockRolledBack)) throw error;
      return false;
    }
  }

  private async execute(ctx: BlockContext<JudgeTransaction>, block: Exclude<Block, { kind: 'broken' }>): Promise<void> {
    switch (block.kind) {
      case 'anonymous':
        for (const command of block.commands) {
          // The same question twice in one mail is answered once (43,000 HELP lines make one HELP), and at most MAX_INFO_COMMANDS_PER_MAIL are (mail-work.ts).
          if (isInfoCommand(command)) await infoCommand(ctx, command);
          else if (command.kind === 'master') {
            // PURGE and RENAME carry the Master's password themselves (DPjudge).
            await masterCommandWithoutSignon(ctx, command);
          } else {
            ctx.errors.push({ line: command.line, message: renderSessionRefusal({ kind: 'signon-first', command: command.text }) });
          }
        }
        return;
      case 'create':
        return kindForCreate(block.opener.variant).create(ctx, block);
      case 'session': {
        // A game not found is its default kind's to refuse, with the names of games close to it.
        const game = await ctx.tx.findGame(block.opener.game);
        return (game ? kindOfGame(game) : kindForCreate(null)).session(ctx, block);
      }
    }
  }
}

class BlockRolledBack extends Error {}

/** A mail the judge failed on (message null: the mail layer could not read it). */
interface MailFailure {
  readonly messageId: string;
  readonly origin: InboundOrigin | null | undefined;
  readonly message: InboundMail | null;
  readonly error: unknown;
}

/** A mail read and its body parsed, up to its cap of blocks naming a game. */
interface Received {
  readonly message: InboundMail;
  readonly messageId: string;
  readonly origin: InboundOrigin | null | undefined;
  readonly body: ParsedBody;
  /** The blocks past the cap, left out (null: none). */
  readonly leftOut: OpenersLeftOut | null;
}

function received(message: InboundMail, origin: InboundOrigin | null | undefined): Received {
  // Read once when the mail was recorded in this process's queue (parsed-bodies.ts), else now.
  return { message, messageId: message.id, origin, ...capOpeners(parsedBodyOf(message)) };
}

/** A block of information commands (HELP, LIST, MAP …) alone: it writes nothing, so nothing of it is undone. */
function readsOnly(block: Block): boolean {
  return block.kind === 'anonymous' && block.commands.every(isInfoCommand);
}

/**
 * njudge's SIGN ON ? password: the next forming game named in the opener, read before the mail's
 * games are opened (they are locked by name).
 */
async function withNextForming(tx: Pick<StoreTransaction, 'openings' | 'privateWordHash'>, mail: Received): Promise<Received> {
  const body = await withNextFormingGames(tx, mail.body);
  return body === mail.body ? mail : { ...mail, body };
}

/**
 * The games the mail's openers name (SIGNON, JOIN, OBSERVE, TAKEOVER, RESIGN, CREATE), and those of
 * a PURGE or RENAME without SIGNON: loaded and locked when it is opened, with the wrong passwords
 * counted for their seats.
 */
function namedGames({ body }: Received): GameName[] {
  return body.blocks.flatMap((block) => {
    if (block.kind === 'session' || block.kind === 'create') return [block.opener.game];
    if (block.kind !== 'anonymous') return [];
    return block.commands.flatMap((command) =>
      command.kind === 'master' && (command.command === 'PURGE' || command.command === 'RENAME') && command.game ? [command.game] : [],
    );
  });
}

function inboundRecord({ message, messageId, origin }: Received): InboundRecord {
  return { messageId, from: message.from ?? '', replyAddress: message.replyAddress, subject: message.subject ?? '', origin };
}

type PasswordChecks = ReadonlyMap<SessionOpener, PrecheckedPassword>;

async function blockReply(block: Block, ctx: BlockContext<unknown>, ok: boolean, bodyLines: ReadonlyMap<number, string>): Promise<string> {
  const title = block.kind === 'anonymous' ? null : block.kind === 'broken' ? block.redactedText : block.opener.redactedText;
  const parts: string[] = [];
  if (title) parts.push(`> ${title}`);
  if (ok) {
    parts.push(...ctx.reply);
    return parts.join('\n\n');
  }
  // A refused block: what its commands said they did was undone with it, so none of it is told.
  const errors = ctx.errors.map((e) => ({ line: e.line, text: e.text ?? (e.line === null ? null : (bodyLines.get(e.line) ?? null)), reason: e.message }));
  const errorLines = new Set(ctx.errors.map((e) => e.line));
  const standing = ctx.standing ? await ctx.standing() : null;
  parts.push(renderRefusedBlock({ errors, notDone: notDone(block, errorLines, new Set(ctx.proseLines ?? [])), standing }));
  return parts.join('\n\n');
}

/** The block's other commands, which were not done because of its errors. */
function notDone(block: Block, errorLines: ReadonlySet<number | null>, proseLines: ReadonlySet<number>): NotDone[] {
  if (block.kind === 'create') return [{ kind: 'game-not-created', game: block.opener.game }];
  const commands = block.commands.filter((c) => !errorLines.has(c.line) && !proseLines.has(c.line));
  const linesOf = (kinds: readonly string[]) => commands.filter((c) => kinds.includes(c.kind)).map((c) => c.line);
  const votes = ['vote', 'propose', 'set-draw', 'set-nodraw', 'set-concede', 'set-noconcede'];
  const groups: { readonly kind: NotDoneKind; readonly lines: readonly number[] }[] = [
    { kind: 'orders', lines: linesOf(['order']) },
    { kind: 'press', lines: linesOf(['press']) },
    { kind: 'votes', lines: linesOf(votes) },
    { kind: 'settings', lines: commands.filter((c) => c.kind.startsWith('set-') && !votes.includes(c.kind)).map((c) => c.line) },
    { kind: 'commands', lines: linesOf(['master', 'clear', 'resign-self', 'phase']) },
  ];
  return groups.filter((group) => group.lines.length > 0);
}

/** Each block's own lines after its opener, up to the next block or the end of the message (BlockContext.blockLines), cut out once. */
function blockLineReader(all: readonly BodyLine[], body: ParsedBody): (index: number) => readonly BodyLine[] {
  const cut = new Map<number, readonly BodyLine[]>();
  const startOf = (block: Block): number => (block.kind === 'anonymous' ? 0 : block.kind === 'broken' ? block.line : block.opener.line);
  return (index) => {
    const known = cut.get(index);
    if (known) return known;
    const block = body.blocks[index]!;
    const next = body.blocks[index + 1];
    const stop = Math.min(next ? startOf(next) : Number.POSITIVE_INFINITY, body.end.line ?? Number.POSITIVE_INFINITY);
    const lines = all.filter((line) => line.line > startOf(block) && line.line < stop);
    cut.set(index, lines);
    return lines;
  };
}

/** The mail's lines by number, passwords masked, for quoting a refused line as written. */
function quotableLines(bodyLines: readonly BodyLine[]): Map<number, string> {
  const lines = new Map<number, string>();
  for (const { line, text: piece } of bodyLines) if (!lines.has(line)) lines.set(line, redactLine(piece.trim()));
  return lines;
}

/** The default size cap of one reply: a mail can never make the judge write more than this back. */
export const DEFAULT_MAX_REPLY_BYTES = 256 * 1024;

/**
 * The reply's sections, cut so the body stays under the cap: whole sections while they fit, then
 * one line saying what was left out.
 */
export function cappedBody(sections: readonly string[], maxBytes: number): string {
  const body = `${sections.join('\n\n')}\n`;
  if (Buffer.byteLength(body, 'utf8') <= maxBytes) return body;
  const room = maxBytes - 400; // the closing line and the judge's own additions
  const kept: string[] = [];
  let used = 0;
  for (const section of sections) {
    const size = Buffer.byteLength(section, 'utf8') + 2;
    if (used + size > room) break;
    kept.push(section);
    used += size;
  }
  if (kept.length === 0)
    kept.push(
      Buffer.from(sections[0] ?? '', 'utf8')
        .subarray(0, room)
        .toString('utf8')
        .replace(/\uFFFD$/, ''),
    );
  const left = sections.length - kept.length;
  const note = renderReplyCutNote(left, maxBytes);
  return `${[...kept, note].join('\n\n')}\n`;
}

/** The game a mail's first SIGNON names, with its phase then; null when it signs on to none that exists. */
/**
 * The game a reply's subject names: that of the mail's first SIGNON, JOIN, OBSERVE, TAKEOVER,
 * RESIGN or CREATE (njudge names it in every reply to a mail about a game), read after the blocks
 * ran so a game just created or started has its name and phase.
 */
async function signedOnGame(tx: JudgeTransaction, body: ParsedBody): Promise<SubjectGame | null> {
  const block = body.blocks.find((b) => b.kind === 'session' || b.kind === 'create');
  if (block?.kind !== 'session' && block?.kind !== 'create') return null;
  const game = await tx.findGame(block.opener.game);
  return game && { name: game.name, phase: game.currentPhase };
}

function replyTo(
  message: InboundMail,
  config: JudgeConfig,
  sender: MailAddress,
  sections: readonly string[],
  options: { readonly game?: SubjectGame | null; readonly errorFlag?: boolean; readonly attachments?: readonly MailAttachment[] } = {},
): OutgoingMail {
  const references = [...message.references, ...(message.messageId ? [message.messageId] : [])];
  const subject = replySubject(message.subject ?? '', config, options);
  return {
    to: [sender],
    subject,
    body: cappedBody(sections, config.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES),
    ...(options.attachments !== undefined && options.attachments.length > 0 ? { attachments: options.attachments } : {}),
    headers: {
      'Auto-Submitted': 'auto-replied',
      ...(message.messageId ? { 'In-Reply-To': message.messageId } : {}),
      ...(references.length > 0 ? { References: references.join(' ') } : {}),
    },
    kind: 'reply',
  };
}

function originFields(origin: InboundOrigin | null | undefined): Record<string, string> {
  return origin ? { mailbox: origin.mailbox, uidvalidity: String(origin.uidvalidity), uid: String(origin.uid) } : {};
}

/**
 * The error's kind and message, cut short. Database errors carry their SQLSTATE; their detail
 * (which can quote a row's values, press text included) is left out on purpose.
 */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return `non-error thrown: ${String(error).slice(0, 200)}`;
  const { code } = error as Error & { code?: unknown };
  return `${error.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${error.message}`.slice(0, 500);
}

/** Where in our code the error came from: the stack without its first line (the message). */
function stackFrames(error: unknown): string[] {
  if (!(error instanceof Error) || error.stack === undefined) return [];
  return error.stack
    .split('\n')
    .slice(1, 11)
    .map((line) => line.trim());
}
