import type { PhaseId, PowerId } from '../engine/types.ts';
import { BLIND_MODIFIERS } from '../engine/sight.ts';
import type { GameName, MailAddress } from '../commands/names.ts';

// The store and the mail layer make these from rows and headers (they may import this model, not the commands).
export { isMailAddress, MAX_ADDRESS_LENGTH, mailAddress, storedGameName, type GameName, type MailAddress } from '../commands/names.ts';

// The judge's view of a game and the people in it, independent of how rows are stored.

export const GAME_STATUSES = ['preparation', 'forming', 'active', 'waiting', 'completed', 'terminated'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export const SEAT_ROLES = ['power', 'master', 'observer', 'monitor'] as const;
export type SeatRole = (typeof SEAT_ROLES)[number];

export const SEAT_STATUSES = ['active', 'resigned', 'dummy', 'cd', 'abandoned', 'eliminated'] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];

/** A power whose player resigned, abandoned it or let it fall into civil disorder: anyone may TAKEOVER it. */
export const TAKEOVER_STATUSES: readonly SeatStatus[] = ['resigned', 'abandoned', 'cd'];

/** Game rules the judge understands (DPjudge's names); anything else in CREATE is an error. */
export const GAME_RULES = [
  'NO_PRESS',
  'PUBLIC_PRESS',
  'GREY_PRESS',
  'WHITE_GREY',
  'FAKE_PRESS',
  'MUTE_OBSERVERS',
  'POWER_CHOICE',
  'NO_REVEAL',
  'GUNBOAT',
  'NO_DIAS',
  'PROPOSE_DIAS',
  'NO_DRAW',
  'NO_DEADLINE',
  'REAL_TIME',
  'ALWAYS_WAIT',
  'CIVIL_DISORDER',
  'PLAYER_DEADLINES',
  // njudge's flags, under the names game-options.ts gives them
  'NO_CONCESSIONS',
  'QUIET',
  'WATCH_ALL_PRESS',
  'MUST_ORDER',
  'NO_LATE_PRESS',
  'WHITE_OBSERVERS',
  'MANUAL_PROCESS',
  'START_MASTER',
  'UNMODERATED',
  'STRICT_GRACE',
  'NO_LATE_COUNT',
  // njudge's PARTIAL FAKES BROADCAST: every player's press is shown as a broadcast; with BY DEFAULT
  // (FAKES_BROADCAST_DEFAULT) only unless the sender names other recipients with FAKE or says NO FAKE.
  'PARTIAL_FAKES_BROADCAST',
  'FAKES_BROADCAST_DEFAULT',
  // njudge's POSTAL PRESS: players may send broadcasts that go out with the phase's results.
  'POSTAL_PRESS',
  // njudge's AUTO CREATE: a game that ends in a victory or a draw is followed by a new one like it.
  'AUTO_CREATE',
  // njudge's APPROVAL: a player who enters the game sends orders only once the Master approves them.
  'APPROVAL',
  // blind and fog-of-war games (src/engine/sight.ts) and DPjudge's modifiers of BLIND
  'BLIND',
  'FOG',
  'OMNISCIENT_OBSERVERS',
  ...BLIND_MODIFIERS,
] as const;
export type GameRule = (typeof GAME_RULES)[number];

export interface Game {
  readonly id: number;
  readonly name: GameName;
  readonly variant: string;
  readonly status: GameStatus;
  readonly rules: readonly GameRule[];
  readonly description: string;
  readonly listed: boolean;
  readonly currentPhase: PhaseId | null;
  /** PROPOSE_DIAS: the open proposal, `DIAS` or the power it concedes to. */
  readonly proposal: PowerId | null;
  /** CREATE's TIMING text, read by the deadline engine; null for njudge's defaults. */
  readonly timing: string | null;
  /** IANA zone in which deadlines are computed and shown. */
  readonly timeZone: string;
  readonly deadline: Date | null;
  readonly grace: Date | null;
  /** The earliest the current phase may be processed (njudge's `start`); null: no minimum known. */
  readonly processStart: Date | null;
  /** The wait after the last complete orders (njudge's `delay`); null: the timing's own. */
  readonly processDelayMinutes: number | null;
  /** When the current phase is due to be processed now that every order is in; null: none pending. */
  readonly processAt: Date | null;
  /** What a player's record must show to JOIN or TAKEOVER; absent (games built outside the store): none. */
  readonly signonGates?: SignonGates;
  /** Options with a value (game-options.ts); absent (games built outside the store): none set. */
  readonly options?: GameOptionValues;
  /** Why the game ended; null while it is in play, and for games that ended before endings were stored (sql/022). */
  readonly ending?: GameEnding | null;
  /** The kind of game (src/judge/kinds/); absent (games built outside the store): Diplomacy. */
  readonly kind?: GameKindId;
  /**
   * A kind's whole state as one value, loaded with the game and saved with it by updateGame; the
   * kind reads and checks it (null: none yet, and always for Diplomacy, whose position has tables).
   */
  readonly kindState?: KindState | null;
}

/** The kinds of game the judge hosts; each has its rules in a room of src/judge (src/judge/kinds/registry.ts). */
export const GAME_KINDS = ['diplomacy', 'mafia', 'werewolf'] as const;
export type GameKindId = (typeof GAME_KINDS)[number];

export function isGameKindId(word: string): word is GameKindId {
  return (GAME_KINDS as readonly string[]).includes(word);
}

/** The kind a game follows. */
export function kindOf(game: Pick<Game, 'kind'>): GameKindId {
  return game.kind ?? 'diplomacy';
}

/** A kind's state as stored: plain JSON, read back by the kind's own decoder. */
export type KindState = string | number | boolean | null | readonly KindState[] | { readonly [key: string]: KindState };

/**
 * How a game ended and who won it: a solo and a concession have one victor, a draw those it is
 * shared between, the Master's END and TERMINATE none.
 */
export type GameEnding =
  | { readonly kind: 'solo' | 'concession'; readonly victors: readonly [PowerId] }
  | { readonly kind: 'draw'; readonly victors: readonly PowerId[] }
  | { readonly kind: 'master' | 'terminated'; readonly victors: readonly [] }
  /** A game that ended before endings were stored (sql/022): the reason as its end notice told it. */
  | { readonly kind: 'told'; readonly victors: readonly []; readonly text: string };

/** The game options that carry a value; flags are rules. Absent: the default. */
export interface GameOptionValues {
  /** njudge's MAX ABSENCE: the longest absence a player may set alone, in days (default 15). */
  readonly maxAbsenceDays?: number;
  /** njudge's ALLOW PLAYER: when not empty, only these addresses may JOIN or TAKEOVER. */
  readonly allow?: readonly string[];
  /** njudge's DENY PLAYER: these addresses may not JOIN or TAKEOVER. */
  readonly deny?: readonly string[];
  /** njudge's SET NO BROADCAST: the seats whose holders do not want the players' and observers' broadcasts. */
  readonly noBroadcast?: readonly number[];
  /** njudge's SET ALL PRESS: the Masters' (and, under WATCH ALL PRESS, observers') seats silently copied on partial press. */
  readonly allPress?: readonly number[];
  /** njudge's POSTAL PRESS: broadcasts waiting to go out with the current phase's results, in the order sent. */
  readonly postalPress?: readonly PostalPress[];
  /** njudge's APPROVAL: powers whose players may not send orders until the Master's SET APPROVE. */
  readonly unapproved?: readonly PowerId[];
}

/** A POSTAL PRESS waiting for the results: who sent it (a party: power id or `O`) and its text. */
export interface PostalPress {
  readonly seatId: number;
  readonly sender: PowerId;
  /** The press colour the sender was shown in: white names the sender, grey does not. */
  readonly kind: 'white' | 'grey';
  readonly body: string;
}

/** njudge's signon gates (SET DEDICATION, ONTIMERAT, RESRAT); null: no such requirement. */
export interface SignonGates {
  readonly minDedication: number | null;
  /** 0..1; a player never judged for punctuality counts as 1. */
  readonly minOnTimeRatio: number | null;
  /** 0..1 */
  readonly maxCivilDisorderRatio: number | null;
}

export const NO_SIGNON_GATES: SignonGates = { minDedication: null, minOnTimeRatio: null, maxCivilDisorderRatio: null };

export interface Seat {
  readonly id: number;
  readonly role: SeatRole;
  /** The power held; null for the Master, observers, and players of a forming game. */
  readonly power: PowerId | null;
  readonly address: MailAddress;
  readonly status: SeatStatus;
  readonly wait: boolean;
}

/** A seat that holds a power: its player's, a dummy's or a vacated one. */
export type PowerSeat<S extends Seat = Seat> = S & { readonly role: 'power'; readonly power: PowerId };

export function holdsPower<S extends Seat>(seat: S): seat is PowerSeat<S> {
  return seat.role === 'power' && seat.power !== null;
}

export function hasRule(game: Pick<Game, 'rules'>, rule: GameRule): boolean {
  return game.rules.includes(rule);
}
