import type { RoleSet } from '../../werewolf/definitions.ts';
import { werewolfView, type WerewolfTableView } from '../../werewolf/view.ts';
import type { WerewolfTable } from '../werewolf/werewolf-state.ts';
import { mafiaView, type MafiaState, type MafiaView } from '../../mafia/index.ts';
import type { ResultFacts } from '../../engine/results.ts';
import { NO_SIGHT, seesUnit, sightedPosition, sightOf, sightRulesOf, type SightRules } from '../../engine/sight.ts';
import type { Position, PositionSight, PowerId } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import type { PressReader } from '../../render/press-headers.ts';
import { seatAddresses } from '../mail/mail-addresses.ts';
import type { MailAddress, Seat } from '../model.ts';
import type { PlayerRecordOptions } from '../ports.ts';
import { PLAYER_HIDING_RULES } from './hidden-players.ts';
import { PUBLIC as PUBLIC_READER, readerOfSeat, type Reader } from './reader.ts';

// The one place that decides what a reader may see of a game (boardgame.io's playerView): every
// output asks viewOf for its reader's view and writes only what the view shows. Gunboat and
// NO_REVEAL are decided here and nowhere else.
//
// A new kind of hidden information is a new facet of ReaderView (or a new kind of an existing one),
// decided here from the game's facts and the reader: blind positions become a BoardShown kind that
// shownPosition and shownResults filter per power, Mafia roles a facet of their own. The compiler
// then points at every output that must handle it, and the results mail is rendered once per
// distinct view (resultsAudiences), so a restricted board reaches only its readers.

/** What the policy reads of a game. The admin store reads rows as plain strings, hence the loose types. */
export interface VisibleGame {
  readonly rules: readonly string[];
  readonly status: string;
  /** The Master's REVEAL is being announced: the players are named to everyone from now on. */
  readonly revealedByMaster?: boolean;
}

/**
 * Which positions and order results a reader sees: the whole board; what one power sees of it in a
 * blind or fog game in play (src/engine/sight.ts); or nothing (the public and, unless the game makes
 * them omniscient, observers of a blind or fog game in play). Once the game ends everyone sees every phase.
 */
export type BoardShown =
  | { readonly kind: 'whole' }
  | { readonly kind: 'sighted'; readonly power: PowerId; readonly rules: SightRules }
  | { readonly kind: 'none' };

export interface ReaderView {
  readonly reader: Reader;
  /**
   * How lists of the game's players show them: by address, as numbered stints (takeovers show,
   * nobody is named), or not at all. A player and the Master's address: see shownAddress.
   */
  readonly players: 'named' | 'numbered' | 'hidden';
  /** Whether the players' records (punctuality, dedication) appear beside the game's powers. */
  readonly records: boolean;
  readonly board: BoardShown;
  /**
   * The texts of the current phase's orders, before it is processed: every power's, the reader's
   * own power's, or none (that orders are in still shows).
   */
  readonly liveOrders: 'all' | 'own' | 'none';
  /**
   * Orders sent ahead for later phases (njudge's PHASE blocks): their texts for every power, for the
   * reader's own power, only that some are on file (the Master of a gunboat or blind game), or none.
   */
  readonly ordersAhead: 'all' | 'own' | 'presence' | 'none';
  /** The press header form: the truth beside what was shown (the Master) or what was shown. */
  readonly press: PressReader;
  /** Whether the variant's title carries njudge's Gunboat ("Standard Gunboat"). */
  readonly gunboatLabel: boolean;
  /** Whether a change of the game's Masters names the address that joined or left them (a promoted player's would name a player). */
  readonly mastersChangeNamed: boolean;
}

const ENDED_STATUSES: readonly string[] = ['completed', 'terminated'];

function playersHidden(game: VisibleGame): boolean {
  return game.revealedByMaster !== true && PLAYER_HIDING_RULES.some((rule) => game.rules.includes(rule));
}

function players(game: VisibleGame, reader: Reader): ReaderView['players'] {
  if (reader.kind === 'master' || reader.kind === 'judgekeeper') return 'named';
  if (playersHidden(game)) return 'hidden';
  return game.revealedByMaster === true || ENDED_STATUSES.includes(game.status) ? 'named' : 'numbered';
}

function liveOrders(game: VisibleGame, reader: Reader): ReaderView['liveOrders'] {
  switch (reader.kind) {
    case 'master':
      return 'all';
    // Even the judgekeeper sees only that a gunboat game's orders are in, not what they say.
    case 'judgekeeper':
      return game.rules.includes('GUNBOAT') ? 'none' : 'all';
    case 'player':
      return 'own';
    case 'observer':
    case 'public':
      return 'none';
  }
}

function ordersAhead(game: VisibleGame, reader: Reader): ReaderView['ordersAhead'] {
  switch (reader.kind) {
    // Orders not yet due are a player's plans: in a gunboat, blind or fog game the Master learns only that they are there.
    case 'master':
    case 'judgekeeper':
      return game.rules.includes('GUNBOAT') || sightRulesOf(game.rules) !== null ? 'presence' : 'all';
    case 'player':
      return 'own';
    case 'observer':
    case 'public':
      return 'none';
  }
}

function board(game: VisibleGame, reader: Reader): BoardShown {
  const rules = sightRulesOf(game.rules);
  if (rules === null || ENDED_STATUSES.includes(game.status)) return { kind: 'whole' };
  switch (reader.kind) {
    case 'master':
    case 'judgekeeper':
      return { kind: 'whole' };
    case 'observer':
      return game.rules.includes('OMNISCIENT_OBSERVERS') ? { kind: 'whole' } : { kind: 'none' };
    case 'public':
      return { kind: 'none' };
    case 'player':
      return reader.power === null ? { kind: 'none' } : { kind: 'sighted', power: reader.power, rules };
  }
}

export function viewOf(game: VisibleGame, reader: Reader): ReaderView {
  const master = reader.kind === 'master' || reader.kind === 'judgekeeper';
  return {
    reader,
    players: players(game, reader),
    records: master || !playersHidden(game),
    board: board(game, reader),
    liveOrders: liveOrders(game, reader),
    ordersAhead: ordersAhead(game, reader),
    press: reader.kind === 'master' ? 'master' : 'reader',
    gunboatLabel: game.rules.includes('GUNBOAT'),
    mastersChangeNamed: master,
  };
}

/**
 * The seat's address as the reader may see it, or null: everyone's once the players are named to
 * the reader; before that a player sees their own and the Master's, and observers nobody's.
 */
export function shownAddress(view: ReaderView, seat: Pick<Seat, 'id' | 'role' | 'address'>): MailAddress | null {
  if (view.players === 'named') return seat.address;
  const { reader } = view;
  return reader.kind === 'player' && (seat.id === reader.seatId || seat.role === 'master') ? seat.address : null;
}

/** Every address of the seat (SET ADDRESS a,b) where the reader may see them, or null. */
export function shownAddresses(
  view: ReaderView,
  seat: Pick<Seat, 'id' | 'role' | 'address'> & { readonly extraAddresses?: readonly MailAddress[] },
): readonly MailAddress[] | null {
  return shownAddress(view, seat) === null ? null : seatAddresses(seat);
}

/** What the reader sees of the position, or null when the board is whole. */
export function sightIn(view: ReaderView, variant: Variant, position: Position): PositionSight | null {
  const { board } = view;
  switch (board.kind) {
    case 'whole':
      return null;
    case 'none':
      return NO_SIGHT;
    case 'sighted':
      return sightOf(variant, position, board.power, board.rules);
  }
}

/** The position as the reader sees it (in a blind game, carrying the reader's sight: Position.sight). */
export function shownPosition(view: ReaderView, position: Position, variant: Variant): Position {
  const sight = sightIn(view, variant, position);
  return sight === null ? position : sightedPosition(position, sight);
}

/**
 * A processed phase's order results as the reader sees them. In a blind game: the power's own, and
 * another's whose unit it saw where it stood before the phase, or whose build it sees after it
 * (`after`); nothing for a reader who sees nothing.
 */
export function shownResults<R extends ResultFacts>(
  view: ReaderView,
  results: readonly R[],
  variant: Variant,
  before: Position,
  after: Position = before,
): readonly R[] {
  const seenBefore = sightIn(view, variant, before);
  if (seenBefore === null) return results;
  const seenAfter = sightIn(view, variant, after) ?? seenBefore;
  return results.filter((result) => {
    if (seenBefore.power !== null && result.power === seenBefore.power) return true;
    const at = result.unit;
    if (at === null) return false;
    const was = [...before.units, ...before.dislodged].find((u) => u.location === at);
    if (was) return seesUnit(seenBefore, was);
    const built = result.order?.kind === 'build' || result.order?.kind === 'adjust' ? result.order.unit.type : null;
    return built !== null && result.outcome === 'succeeds' && seesUnit(seenAfter, { power: result.power, type: built, location: at });
  });
}

/**
 * The view a processed phase's results are stored in (HISTORY, the web pages): the public's, or the
 * whole board where the public sees less while the game is played (blind, fog), so that the end of the
 * game reveals every phase. `boardShown` then says whether a reader may read them yet.
 */
export function recordedView(game: VisibleGame): ReaderView {
  const publicView = viewOf(game, PUBLIC_READER);
  return publicView.board.kind === 'whole' ? publicView : viewOf(game, { kind: 'master' });
}

/** Whether the reader sees the whole board (the stored results and positions as they are). */
export function boardShown(view: ReaderView): boolean {
  return view.board.kind === 'whole';
}

/** Whether the reader may read the texts of this power's orders in the phase being played. */
export function liveOrdersShown(view: ReaderView, power: string): boolean {
  const { reader } = view;
  return view.liveOrders === 'all' || (view.liveOrders === 'own' && reader.kind === 'player' && reader.power === power);
}

/** What the reader may see of a power's orders ahead: their texts, only that they are on file, or nothing. */
export function shownOrdersAhead(view: ReaderView, power: string): 'contents' | 'presence' | 'none' {
  const { reader } = view;
  if (view.ordersAhead === 'own') return reader.kind === 'player' && reader.power === power ? 'contents' : 'none';
  return view.ordersAhead === 'all' ? 'contents' : view.ordersAhead;
}

/** Views that show the same results mail share a key: the mail is rendered once per key. */
export function resultsKey(view: ReaderView): string {
  return JSON.stringify([view.board, view.gunboatLabel]);
}

/** The followers of a game who read the same results: one view and the seats that read it. */
export interface Audience<S> {
  readonly key: string;
  readonly view: ReaderView;
  readonly seats: readonly S[];
}

/** The game's followers (resigned seats left out) grouped by the results their views show, in seat order. */
export function resultsAudiences<S extends Pick<Seat, 'id' | 'role' | 'power' | 'status'>>(game: VisibleGame, seats: readonly S[]): Audience<S>[] {
  const audiences = new Map<string, { view: ReaderView; seats: S[] }>();
  for (const seat of seats) {
    if (seat.status === 'resigned') continue;
    const view = viewOf(game, readerOfSeat(seat));
    const key = resultsKey(view);
    const audience = audiences.get(key) ?? { view, seats: [] };
    audience.seats.push(seat);
    audiences.set(key, audience);
  }
  return [...audiences].map(([key, { view, seats: members }]) => ({ key, view, seats: members }));
}

/**
 * A player's record (INFO PLAYER, GET DEDICATION): their own counts every game; anyone else's
 * leaves out the games whose players are hidden, whose changes would tell who played there.
 */
export function playerRecordScope(readerIsThePlayer: boolean): PlayerRecordOptions {
  return { withoutHiddenGames: !readerIsThePlayer };
}

/**
 * What a reader may see of a Mafia game (issue 32): a player sees their own role, the Masters (the
 * GMs) every role, everyone else none; the vote count follows the game's VOTE COUNTS setting; the
 * dead's flips are public. The rules are the Mafia core's (src/mafia/view.ts); the reader is decided here.
 */
export function mafiaViewFor(state: MafiaState, reader: Reader): MafiaView {
  switch (reader.kind) {
    case 'master':
    case 'judgekeeper':
      return mafiaView(state, { kind: 'gm' });
    case 'player':
      return mafiaView(state, { kind: 'person', person: reader.seatId });
    default:
      return mafiaView(state, { kind: 'public' });
  }
}

/**
 * What a reader may see of a werewolf game (issue 34): a player their own role, everyone the phase,
 * the living, the dead with their roles (told to all at each death), and after the end every role.
 * The narrator runs the roles, so the Master sees what the public sees. The rules are the core's
 * (src/werewolf/view.ts); the reader is decided here.
 */
export function werewolfViewFor(table: WerewolfTable, set: RoleSet, reader: Reader): WerewolfTableView {
  const viewer = reader.kind === 'player' ? (table.joined.find((j) => j.seat === reader.seatId)?.nick ?? null) : null;
  return {
    status: table.status,
    roleSet: table.settings.roleSet,
    joined: table.joined.map((j) => j.nick),
    players: table.settings.players ?? Math.max(...set.roleLists.map((l) => l.players)),
    deadline: table.deadline,
    ...werewolfView(set, table.game, viewer),
  };
}
