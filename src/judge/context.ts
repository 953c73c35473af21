import type { PhaseId } from '../engine/types.ts';
import type { BodyLine, SessionOpener } from '../commands/index.ts';
import type { Variant } from '../engine/variant.ts';
import { noticeTitle } from '../render/notice-titles.ts';
import type { InboundMail } from './mail/inbound-mail.ts';
import type { Game, MailAddress, Seat } from './model.ts';
import type { MailWork } from './mail/mail-work.ts';
import type { PasswordGuard } from './passwords/password-guard.ts';
import type { MailAttachment, OrdersPort, PhaseRecord, SeatRecord } from './ports.ts';

// What every use case of one mail block sees: the storage it may touch, the sender, where the reply
// text goes, and the failures that make the block roll back.

export interface JudgeConfig {
  /** The judge's own address, e.g. judge@example.org. */
  readonly address: string;
  /** Shown in the From name of every mail, e.g. "dipjudge". */
  readonly name: string;
  /** Short code in subjects and `::` headers, e.g. "DIP". */
  readonly code: string;
  /** Mail larger than this is refused with a reply (default 256 KiB). */
  readonly maxMessageBytes?: number;
  /** The most a reply to one mail may hold (default DEFAULT_MAX_REPLY_BYTES, 256 KiB): the rest is left out, with a line saying so. */
  readonly maxReplyBytes?: number;
  /** Mails one address may send per hour before the judge stops handling them (default 60). */
  readonly maxMailsPerHour?: number;
  /**
   * Mails a day to an address that never proved itself (a valid password, a confirmed code,
   * DMARC/SPF): more are not sent, replies and game mail each counted on their own (issue 25).
   * Undefined: no daily cap (the daemon's setting defaults to 20).
   * The mail layer's senders apply it (src/mail/unsubscribe.ts); here for the judge's documentation.
   */
  readonly maxMailsPerDayUnproven?: number;
  /** The authserv-id of the judge's own mail server; the mail layer reads only its Authentication-Results (InboundMail.senderAuth). */
  readonly authservId?: string;
  /** Drop, unanswered, mail whose From failed DMARC/SPF by the judge's own mail server (InboundMail.senderAuth). */
  readonly refuseFailedSenderAuth?: boolean;
  /** IANA zone of a new game whose CREATE gives no ZONE line (default UTC). */
  readonly defaultTimeZone?: string;
  /**
   * The fewest characters a new password may have (CREATE, JOIN, OBSERVE, TAKEOVER, SET PASSWORD …);
   * passwords set before keep working. Undefined: any length (the daemon's setting defaults to 4).
   */
  readonly minPasswordLength?: number;
  /**
   * scrypt cost N for new password hashes (default DEFAULT_PASSWORD_COST). Only tests lower it, to
   * save seconds per game; it is deliberately not a setting of the daemon.
   */
  readonly passwordCost?: number;
}

/** A reason the whole block is refused; its effects are rolled back and the reply says why. */
export class BlockError extends Error {
  constructor(
    readonly line: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** `Ports`: the storage the use case may touch (the bundles in ports.ts); the judge hands each its whole transaction. */
export interface BlockContext<Ports> {
  readonly tx: Ports;
  readonly config: JudgeConfig;
  readonly message: InboundMail;
  /** Where replies about this block go (the sender). */
  readonly sender: MailAddress;
  /** Paragraphs of the reply to the sender. */
  readonly reply: string[];
  /** Files the reply carries (MAP's picture), in the order asked for. */
  readonly attachments: MailAttachment[];
  /**
   * Errors found so far in this block; any error rolls the block back. `text` is what was refused
   * as written (one order of a line holding several); without it the reply quotes the mail's line.
   */
  readonly errors: { readonly line: number | null; readonly message: string; readonly text?: string }[];
  readonly random: () => number;
  /** When the mail is being handled (the injected clock). */
  readonly now: Date;
  /** Games whose state this mail changed (by id: a RENAME does not lose one), to check afterwards whether a turn is ready. */
  readonly touchedGames: Set<number>;
  /**
   * Set once the block knows its game and power: what stands when the block is refused (the
   * orders on file), read after the rollback. The reply of a refused block says it.
   */
  standing?: () => Promise<string | null>;
  /** Lines of this block read as prose (greetings, sign-offs) and set aside; one note in the reply names them. */
  readonly proseLines?: number[];
  /** Wrong passwords counted for seats and addresses, kept through a refused block (password-guard.ts). */
  readonly passwordGuard?: PasswordGuard;
  /** What the mail has done so far against its caps on information commands and press (mail-work.ts). */
  readonly mailWork?: MailWork;
  /** Password checks started ahead for this mail's openers (a group of mails), by opener. */
  readonly passwordChecks?: ReadonlyMap<SessionOpener, PrecheckedPassword>;
  /**
   * The block's own lines after its opener, as the sender wrote them, up to the next opener or the
   * end of the message: for a game kind whose language is not Diplomacy's (Mafia reads its blocks itself).
   */
  readonly blockLines?: readonly BodyLine[];
}

/** A password check started before the game's row lock, against the seat and hash read then. */
export interface PrecheckedPassword {
  readonly seatId: number | null;
  readonly passwordHash: string | null;
  /** scrypt's answer, computed on libuv's threads while the judge goes on. */
  readonly matches: Promise<boolean>;
}

export interface GameSession {
  readonly game: Game;
  readonly variant: Variant;
  readonly seat: SeatRecord;
  readonly seats: readonly SeatRecord[];
}

/** Addresses of everyone who follows the game: players, the Master, observers and monitors. */
export function everyone(seats: readonly Seat[]): MailAddress[] {
  return [...new Set(seats.filter((s) => s.status !== 'resigned').map((s) => s.address))];
}

/** njudge's subject of the notice that a power has a player again: a takeover, a replacement, its own player back. */
export function newPlayerSignon(power: { readonly initial: string }): string {
  return noticeTitle({ kind: 'new-player-signon', initial: power.initial });
}

/** A phase the game has played or is playing: the store holds a row for each, so its absence is a fault, not input. */
export async function storedPhase(tx: Pick<OrdersPort, 'phase'>, game: Pick<Game, 'id' | 'name'>, phaseId: PhaseId): Promise<PhaseRecord> {
  const phase = await tx.phase(game.id, phaseId);
  if (phase === null) throw new Error(`game '${game.name}' has no stored phase ${phaseId}`);
  return phase;
}
