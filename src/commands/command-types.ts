// The vocabulary of a judge mail once its body has been read: blocks opened by
// SIGNON / JOIN / CREATE …, the typed commands inside them, and the errors.
// Everything is plain data; nothing here knows a variant or a game. Power lists
// stay as the player wrote them (see power-list.ts for resolving them later).

import type { PhaseId } from '../engine/types.ts';
import type { MasterTimeCommand } from '../schedule/index.ts';
import type { CommandProblem, UnneededCommand } from './command-problems.ts';
import type { GameName, MailAddress } from './names.ts';
import type { SignonGateName } from './signon-gate.ts';

/** One logical line of the body: after `\\c` splitting, `<br>` stripping and `//` removal. */
export interface BodyLine {
  /** 1-based line number in the mail body as the player sent it. */
  readonly line: number;
  readonly text: string;
}

// ---------------------------------------------------------------- openers

/** Who a SIGNON, RESIGN or TAKEOVER speaks for, before the game is looked up. */
export type RoleRef =
  /** `SIGNON Fgame`: a map power by its initial. */
  | { readonly kind: 'initial'; readonly initial: string }
  /** `SIGNON 3game`: the pre-start seat POWER#3. */
  | { readonly kind: 'seat'; readonly number: number }
  /** `SIGNON Mgame` or `SIGNON master@game`. */
  | { readonly kind: 'master' }
  /** `SIGNON Ogame`: njudge's anonymous observer. */
  | { readonly kind: 'observer' }
  /** `SIGNON france@game` or `SIGNON loudmouth@game`: a power's full name or an observer's chosen name. */
  | { readonly kind: 'named'; readonly name: string }
  /** `SIGN ON ?game pw [variant options]`: njudge's way to enter a forming game. */
  | { readonly kind: 'newcomer' }
  /** `SIGN ON ? pw [variant options]`: njudge's way to enter the next forming game (the game is NEXT_FORMING_GAME until the judge names it). */
  | { readonly kind: 'next-forming' };

export const OBSERVER_KINDS = ['observer', 'monitor'] as const;
export type ObserverKind = (typeof OBSERVER_KINDS)[number];

interface OpenerBase {
  readonly line: number;
  /** The opener line with every password replaced by `****`; safe to echo and log. */
  readonly redactedText: string;
}

export interface SignonOpener extends OpenerBase {
  readonly kind: 'signon';
  readonly role: RoleRef;
  readonly game: GameName;
  readonly password: string;
  /** Words after the password of njudge's `SIGN ON ?game pw variant options`; empty otherwise. */
  readonly joinOptions: readonly string[];
}

export interface JoinOpener extends OpenerBase {
  readonly kind: 'join';
  readonly game: GameName;
  /** `JOIN france@game pw`: the power asked for (POWER_CHOICE games); null for `JOIN game pw`. */
  readonly power: string | null;
  readonly password: string;
  /** The game's privacy word for private games. */
  readonly privacy: string | null;
}

export interface ObserveOpener extends OpenerBase {
  readonly kind: 'observe';
  readonly observerKind: ObserverKind;
  /** `OBSERVE loudmouth@game pw`: the chosen name; null for njudge's `OBSERVE game pw`. */
  readonly name: string | null;
  readonly game: GameName;
  readonly password: string;
  readonly privacy: string | null;
}

export interface ResignOpener extends OpenerBase {
  readonly kind: 'resign';
  readonly role: RoleRef;
  readonly game: GameName;
  readonly password: string;
}

export interface TakeoverOpener extends OpenerBase {
  readonly kind: 'takeover';
  readonly role: RoleRef;
  readonly game: GameName;
  readonly password: string;
  readonly privacy: string | null;
}

export interface CreateOpener extends OpenerBase {
  readonly kind: 'create';
  readonly game: GameName;
  readonly password: string;
  readonly variant: string | null;
  /** njudge's options after the variant (`Gunboat`, `Blind` …). */
  readonly options: readonly string[];
}

export type SessionOpener = SignonOpener | JoinOpener | ObserveOpener | ResignOpener | TakeoverOpener;
export type Opener = SessionOpener | CreateOpener;

// ---------------------------------------------------------------- press

/** Recipients as written: power names or run-together initials, unresolved. */
export type Recipients =
  | { readonly kind: 'all' }
  | { readonly kind: 'only'; readonly tokens: readonly string[] }
  | { readonly kind: 'all-but'; readonly tokens: readonly string[] };

export type FakeRecipients =
  | { readonly kind: 'broadcast' }
  | { readonly kind: 'list'; readonly recipients: Recipients }
  /** njudge's `NO FAKE`, for games that fake partial press as broadcast by default. */
  | { readonly kind: 'none' };

export type PressSender =
  | { readonly kind: 'white' }
  | { readonly kind: 'grey' }
  /** `FROM p` or `FAKE FROM p`: the power the press claims to come from. */
  | { readonly kind: 'fake-from'; readonly token: string };

export interface PressOptions {
  readonly to: Recipients;
  /** null when the player did not say; the game's defaults apply. */
  readonly fake: FakeRecipients | null;
  readonly sender: PressSender | null;
  readonly quiet: boolean;
}

export const PRESS_ENDINGS = ['endpress', 'endbroadcast', 'signoff', 'signature', 'quoted-mail', 'sent-from', 'end-of-text'] as const;
export type PressEndingKind = (typeof PRESS_ENDINGS)[number];

export interface PressEnding {
  readonly kind: PressEndingKind;
  /** Line of the ENDPRESS / ENDBROADCAST / SIGNOFF / `-- ` line; null at the end of the text. */
  readonly line: number | null;
}

// ---------------------------------------------------------------- commands

interface CommandBase {
  readonly line: number;
  /** The command line as written, with any password replaced by `****`. */
  readonly text: string;
}

export type VoteChoice = 'solo' | 'loss' | 'dias' | 'draw' | 'yes' | 'no' | 'n-way';

export const MASTER_COMMANDS = [
  'PROCESS',
  'PROCESS!',
  'PREVIEW',
  'ROLLBACK',
  'ROLLFORWARD',
  'FORM',
  'ACTIVATE',
  'WAIT',
  'TERMINATE',
  'PURGE',
  'RENAME',
  'RESIGN',
  'DUMMY',
  'REVIVE',
  'BECOME',
  'EJECT',
  'OFFICIAL',
  'REVEAL',
  'UNEND',
  'UNSTART',
  'DEADLINE',
  'PROMOTE',
  // signon gates; no argument: SET NO DEDICATION (…), the requirement removed
  'SET DEDICATION',
  'SET ONTIMERAT',
  'SET RESRAT',
] as const;
export type MasterCommandName = (typeof MASTER_COMMANDS)[number];

/** What every Master command carries: its words after the keyword, as written. */
type MasterCommandBase = CommandBase & { readonly kind: 'master'; readonly args: readonly string[] };

/**
 * ROLLBACK and ROLLFORWARD's words read. The judge refuses the block with an `error`: at once when
 * it is ROLLBACK FORMING's own (`forming`), else only once the game is known to be in play.
 */
export type RollArguments =
  /** ROLLBACK FORMING: back to before the start (UNSTART). */
  | { readonly kind: 'forming' }
  /** To the phase named (null: the one before or after), keeping its orders (RESTORE), with the seats and rules it began with (FULL). */
  | { readonly kind: 'phase'; readonly phase: PhaseId | null; readonly restore: boolean; readonly full: boolean }
  | { readonly kind: 'error'; readonly error: CommandProblem; readonly forming: boolean };

/**
 * The Mafia tracker's DEADLINE line read (DEADLINE … MOVED 1D 12H LATER, or another of its time
 * forms the line holds). The judge refuses the block with an `error` once it knows the sender is
 * the game's Master.
 */
export type DeadlineLine = { readonly kind: 'time'; readonly time: MasterTimeCommand } | { readonly kind: 'error'; readonly error: CommandProblem };

/** The Master commands whose arguments the parser reads; the others carry only `args`. */
type TypedMasterCommandName =
  | 'PURGE'
  | 'RENAME'
  | 'DUMMY'
  | 'BECOME'
  | 'EJECT'
  | 'RESIGN'
  | 'PROMOTE'
  | 'REVIVE'
  | 'ROLLBACK'
  | 'ROLLFORWARD'
  | 'DEADLINE'
  | 'OFFICIAL'
  | 'PROCESS'
  | SignonGateCommand;
type SignonGateCommand = `SET ${SignonGateName}`;

/** One member per command name, so a switch on `command` narrows to it. */
type EachMasterCommand<C extends MasterCommandName, Fields> = { [K in C]: MasterCommandBase & { readonly command: K } & Fields }[C];

/** A Master command, its arguments read as far as the command language goes (names are resolved by the judge). */
export type MasterCommandLine =
  /**
   * `PURGE game password`, `RENAME game new-name password`: the Master's password asked again. The
   * game is null when the word is no game name (`args[0]` holds it as written); the new name is
   * checked by the judge, which says why it is refused.
   */
  | (MasterCommandBase & { readonly command: 'PURGE'; readonly game: GameName | null; readonly password: string })
  | (MasterCommandBase & { readonly command: 'RENAME'; readonly game: GameName | null; readonly newName: string; readonly password: string })
  /** A power (name, initial) or, for EJECT and PROMOTE, an address, as written. */
  | EachMasterCommand<'DUMMY' | 'BECOME' | 'EJECT' | 'RESIGN' | 'PROMOTE', { readonly target: string }>
  | (MasterCommandBase & { readonly command: 'REVIVE'; readonly target: string; readonly password: string | null })
  | EachMasterCommand<'ROLLBACK' | 'ROLLFORWARD', { readonly roll: RollArguments }>
  /** SET DEDICATION / ONTIMERAT / RESRAT: the checked value; null for SET NO …. */
  | EachMasterCommand<SignonGateCommand, { readonly value: number | null }>
  | (MasterCommandBase & { readonly command: 'DEADLINE'; readonly deadline: DeadlineLine })
  /** `OFFICIAL [subject]`: the subject as written, at most 60 characters; null: none given. */
  | (MasterCommandBase & { readonly command: 'OFFICIAL'; readonly subject: string | null })
  /**
   * `PROCESS [phase]`: the phase named, null when none is, or when the word is no phase id. The
   * judge processes the current phase either way (njudge ignores a PROCESS whose phase has passed).
   */
  | (MasterCommandBase & { readonly command: 'PROCESS'; readonly phase: PhaseId | null })
  | EachMasterCommand<Exclude<MasterCommandName, TypedMasterCommandName>, unknown>;

/** Commands that need no SIGNON: they may stand before the first opener. */
export type InfoCommand =
  | (CommandBase & { readonly kind: 'list'; readonly game: GameName | null; readonly full: boolean })
  /** `LIST VARIANTS`: every variant with its powers, centres, victory count and one line of description. */
  | (CommandBase & { readonly kind: 'list-variants' })
  | (CommandBase & { readonly kind: 'summary'; readonly game: GameName | null })
  /** `HISTORY game [njudge options]`; options stay raw. */
  | (CommandBase & { readonly kind: 'history'; readonly game: GameName | null; readonly options: string })
  | (CommandBase & {
      readonly kind: 'map';
      readonly game: GameName | null;
      /** A phase id such as F1901M (njudge's F1901B read as W1901A); null: the game's current phase. */
      readonly phase: PhaseId | null;
      /** png (also for DPjudge's gif, ps and pdf) or svg. */
      readonly format: 'png' | 'svg';
    })
  | (CommandBase & { readonly kind: 'search'; readonly words: readonly string[] })
  /** HELP, or HELP ROLES: the werewolf role sets and their roles. */
  | (CommandBase & { readonly kind: 'help'; readonly topic: 'roles' | null })
  | (CommandBase & { readonly kind: 'version' })
  /** njudge's GET DEDICATION: the sender's own record. */
  | (CommandBase & { readonly kind: 'get-dedication' })
  /** njudge's INFO PLAYER address: that address's counters (the sender's own without one). */
  | (CommandBase & { readonly kind: 'info-player'; readonly address: MailAddress | null });

export type SessionCommand =
  | (CommandBase & {
      readonly kind: 'press';
      /** The command word was BROADCAST (the Master's broadcast also reaches MONITORs). */
      readonly broadcast: boolean;
      readonly options: PressOptions;
      /** Body lines verbatim, blank ones included; `//` lines are already gone. */
      readonly lines: readonly BodyLine[];
      /** The body joined with newlines, without leading and trailing blank lines. */
      readonly body: string;
      readonly end: PressEnding;
    })
  /** njudge's POSTAL PRESS … ENDPRESS: a broadcast that goes out with the phase's results. */
  | (CommandBase & {
      readonly kind: 'postal-press';
      /** Words written after POSTAL PRESS (it takes none: it always goes to everyone). */
      readonly extraWords: readonly string[];
      readonly body: string;
    })
  /**
   * njudge's DIARY [RECORD] … ENDPRESS (`body` its text), DIARY LIST, DIARY READ n, DIARY DELETE n…
   * (`body` null): `words` are those after DIARY, read by the judge.
   */
  | (CommandBase & { readonly kind: 'diary'; readonly words: readonly string[]; readonly body: string | null })
  | (CommandBase & { readonly kind: 'clear' })
  | (CommandBase & { readonly kind: 'status' })
  /** njudge's RESIGN / WITHDRAW after a SIGN ON. */
  | (CommandBase & { readonly kind: 'resign-self' })
  /** Empty list: use the sender's address. */
  | (CommandBase & { readonly kind: 'set-address'; readonly addresses: readonly MailAddress[] })
  | (CommandBase & { readonly kind: 'set-password'; readonly password: string })
  | (CommandBase & { readonly kind: 'set-wait'; readonly wait: boolean })
  /** Empty token list: a DIAS draw vote. */
  | (CommandBase & { readonly kind: 'set-draw'; readonly tokens: readonly string[] })
  | (CommandBase & { readonly kind: 'set-nodraw' })
  | (CommandBase & { readonly kind: 'set-concede'; readonly power: string | null })
  | (CommandBase & { readonly kind: 'set-noconcede' })
  /** Dates stay as written; the deadline code reads them against the game's zone. */
  | (CommandBase & { readonly kind: 'set-absence'; readonly from: string | null; readonly to: string | null })
  | (CommandBase & { readonly kind: 'set-no-absence'; readonly date: string | null })
  /** null: SET NOZONE, back to the game's zone. */
  | (CommandBase & { readonly kind: 'set-zone'; readonly zone: string | null })
  /** SET MAP ON / OFF: results with or without the map picture. */
  | (CommandBase & { readonly kind: 'set-map'; readonly on: boolean })
  /** njudge's SET PREFERENCE list: the powers wanted, best first (`EFG`, `England, France`); empty for `*` (any). */
  | (CommandBase & { readonly kind: 'set-preference'; readonly tokens: readonly string[] })
  | (CommandBase & { readonly kind: 'set-deadline'; readonly args: string })
  | (CommandBase & { readonly kind: 'set-grace'; readonly args: string })
  | (CommandBase & { readonly kind: 'set-listed'; readonly listed: boolean })
  /** Any other `SET …`: a game option, read by the judge against its options table. */
  | (CommandBase & { readonly kind: 'set-option'; readonly words: readonly string[]; readonly rest: string })
  /** DPjudge's `RULE[S] r !r` status line after the Master's SIGNON. */
  | (CommandBase & { readonly kind: 'rules'; readonly rules: readonly RuleSetting[] })
  | (CommandBase & { readonly kind: 'vote'; readonly choice: VoteChoice; readonly ways: number | null })
  | (CommandBase & { readonly kind: 'propose'; readonly target: { readonly kind: 'dias' } | { readonly kind: 'power'; readonly token: string } })
  /**
   * njudge's `PHASE S 1903 M`: the lines after it, to the next command or the end of the block, are
   * that phase's orders, with their IF … ELSE … ENDIF (read against the map by src/orders/orders-ahead.ts).
   */
  | (CommandBase & { readonly kind: 'phase'; readonly args: string; readonly lines: readonly BodyLine[] })
  /** A Master command; the judge checks who sent it. */
  | MasterCommandLine
  /** Any other line after an opener: orders are read later, against the game's map. */
  | (CommandBase & { readonly kind: 'order' });

export type Command = InfoCommand | SessionCommand;

const INFO_COMMAND_KINDS: ReadonlySet<string> = new Set<InfoCommand['kind']>([
  'list',
  'list-variants',
  'summary',
  'history',
  'map',
  'search',
  'help',
  'version',
  'get-dedication',
  'info-player',
]);

/** Commands anyone may send, signed on or not. */
export function isInfoCommand(command: Command): command is InfoCommand {
  return INFO_COMMAND_KINDS.has(command.kind);
}
export type CommandKind = Command['kind'];

// ---------------------------------------------------------------- CREATE status lines

export interface RuleSetting {
  /** Upper case, without the `!`. */
  readonly name: string;
  /** `!RULE`: forbid the rule. */
  readonly negated: boolean;
}

interface SettingBase {
  readonly line: number;
  readonly text: string;
}

export type GameSetting =
  | (SettingBase & { readonly kind: 'variant'; readonly keyword: 'MAP' | 'VARIANT'; readonly name: string })
  | (SettingBase & { readonly kind: 'rules'; readonly rules: readonly RuleSetting[] })
  | (SettingBase & { readonly kind: 'description'; readonly description: string })
  | (SettingBase & { readonly kind: 'private'; readonly privacy: string })
  | (SettingBase & { readonly kind: 'timing'; readonly args: string })
  | (SettingBase & { readonly kind: 'zone'; readonly zone: string })
  | (SettingBase & { readonly kind: 'form' })
  | (SettingBase & { readonly kind: 'listed'; readonly listed: boolean })
  /** njudge's `SET …` option after CREATE, read by the judge against its options table. */
  | (SettingBase & { readonly kind: 'option'; readonly words: readonly string[]; readonly rest: string })
  /** SET DEDICATION n, SET ONTIMERAT x, SET RESRAT x; value null: SET NO …. */
  | (SettingBase & { readonly kind: 'signon-gate'; readonly gate: SignonGateName; readonly value: number | null });

// ---------------------------------------------------------------- blocks

/** Lines before the first opener: only information commands (LIST, SUMMARY …) and PURGE/RENAME. */
export interface AnonymousBlock {
  readonly kind: 'anonymous';
  readonly commands: readonly Command[];
}

export interface SessionBlock {
  readonly kind: 'session';
  readonly opener: SessionOpener;
  readonly commands: readonly Command[];
}

export interface CreateBlock {
  readonly kind: 'create';
  readonly opener: CreateOpener;
  readonly settings: readonly GameSetting[];
}

/**
 * A block whose opener could not be read (an error says why). Its lines are parsed
 * so that press bodies are not mistaken for orders or openers, but must never run:
 * they would otherwise land in whichever game the previous block named.
 */
export interface BrokenBlock {
  readonly kind: 'broken';
  readonly line: number;
  readonly redactedText: string;
  readonly commands: readonly Command[];
}

export type Block = AnonymousBlock | SessionBlock | CreateBlock | BrokenBlock;

// ---------------------------------------------------------------- result

export interface ParseError {
  readonly line: number;
  /** The offending line, passwords replaced by `****`. */
  readonly text: string;
  readonly problem: CommandProblem;
  /** Index in `blocks` of the block the line belongs to. */
  readonly block: number;
  /** Line numbers of body text the error swallowed (the text of a refused press). */
  readonly consumedLines?: readonly number[];
}

/** `glued-signoff`: a mailer lost the newline before SIGNOFF, which stuck to the opener's password. */
/** `quoted-mail`: a mail client's quote header ("On … wrote:", Outlook's block); `sent-from`: "Sent from my iPhone". */
export const MESSAGE_ENDINGS = ['signoff', 'glued-signoff', 'signature', 'quoted-mail', 'sent-from', 'end-of-text'] as const;
export type MessageEndingKind = (typeof MESSAGE_ENDINGS)[number];

export interface MessageEnding {
  readonly kind: MessageEndingKind;
  /** Line of the SIGNOFF, the opener it was glued to, or the `-- ` line; null at the end of the text. */
  readonly line: number | null;
}

export interface ParsedBody {
  readonly blocks: readonly Block[];
  readonly errors: readonly ParseError[];
  readonly end: MessageEnding;
  /** Non-blank lines after SIGNOFF, the signature or a quote header, which were not read. */
  readonly ignoredLineCount: number;
  /** Lines that read as prose before a block's first command or after its last one; set aside, not refused. */
  readonly proseLines: readonly number[];
  /** njudge commands this judge does not need (REGISTER, I AM ALSO, GET file, WHOIS): answered with one line each, never an error. */
  readonly notes: readonly {
    readonly line: number;
    readonly text: string;
    /** What the command is named as written ("GET FILE"), and which of the unneeded ones it is. */
    readonly name: string;
    readonly unneeded: UnneededCommand;
    readonly consumedLines: readonly number[];
  }[];
}
