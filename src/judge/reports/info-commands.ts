import { loadVariant, variantNames } from '../../catalog/variant-catalog.ts';
import { mafiaStateOf } from '../mafia/mafia-state.ts';
import { roleSetsHelp, werewolfListText } from '../werewolf/werewolf-reports.ts';
import { renderMafiaStatus } from '../../render/mafia-notices.ts';
import { gameEndText } from '../../render/end-notices.ts';
import { renderVariantList } from '../../render/variant-list.ts';
import { renderHelp } from '../../render/help-text.ts';
import { renderRefusal } from '../../render/refusals.ts';
import {
  endedWithoutReason,
  renderFullList,
  renderMapReply,
  renderOpenings,
  renderPlayerRecord,
  renderSearchResults,
  renderSummaryNotStarted,
  VERSION_TEXT,
  type GameListEntry,
  type TakeoverOpening as ShownOpening,
} from '../../render/info-replies.ts';
import type { InfoCommand } from '../../commands/index.ts';
import { phaseOf } from '../../engine/phase.ts';
import { readStoredOrderResults } from '../diplomacy/stored-results.ts';
import { BlockError, type BlockContext } from '../context.ts';
import type { InfoPorts } from '../ports.ts';
import { noGameNamed } from './game-names.ts';
import { mapAttachment } from './map-pictures.ts';
import { civilDisorderRatio, NO_RECORD, onTimeRatio } from '../players/dedication.ts';
import { endReason } from './game-ending.ts';
import { kindOf, type Game, type GameName, type MailAddress } from '../model.ts';
import { openSeatNames } from '../kinds/open-seats.ts';
import { renderSummary, summaryHolder, summaryState, summaryYears, type SummaryPower, type SummaryStint } from '../../render/summary.ts';
import { gameHeader } from './game-header.ts';
import { renderListGame } from './game-report.ts';
import { optionHelpLines } from '../master/game-options.ts';
import { parseHistoryOptions, renderHistory } from './history-report.ts';
import { boardShown, mafiaViewFor, playerRecordScope, shownPosition, shownResults, viewOf } from '../visibility/policy.ts';
import { PUBLIC } from '../visibility/reader.ts';

// Commands anyone may send without signing on: LIST, LIST game, HISTORY, SUMMARY, SEARCH, HELP,
// GET DEDICATION and INFO PLAYER.
// They never show a player's password. A sender who has not signed on is nobody in particular, so
// each game is shown as its public view (visibility/policy.ts) shows it: rosters name powers, seat
// states and, where the view shows them, each player's punctuality and dedication.

export const HELP_TEXT = renderHelp(optionHelpLines());

/**
 * `signedOn`: the game of the SIGNON block the command stands in; LIST, SUMMARY and HISTORY
 * without a game name are about it.
 */
export async function infoCommand(ctx: BlockContext<InfoPorts>, command: InfoCommand, signedOn: GameName | null = null): Promise<void> {
  // Asked before in this mail, or past the mail's cap: the reply's closing notes say so.
  if (ctx.mailWork && !ctx.mailWork.answersInfo(command, signedOn)) return;
  if ((command.kind === 'list' && !command.full) || command.kind === 'summary' || command.kind === 'history') {
    if (command.game === null && signedOn !== null) command = { ...command, game: signedOn };
  }
  switch (command.kind) {
    case 'help':
      ctx.reply.push(command.topic === 'roles' ? roleSetsHelp() : HELP_TEXT);
      return;
    case 'version':
      ctx.reply.push(VERSION_TEXT);
      return;
    case 'list':
      ctx.reply.push(command.full ? await listFull(ctx) : command.game === null ? await openings(ctx) : await listGame(ctx, command.game, command.line));
      return;
    case 'list-variants':
      ctx.reply.push(renderVariantList(variantNames().map(loadVariant)));
      return;
    case 'search': {
      const words = command.words.map((w) => w.toLowerCase());
      const { games, more } = await ctx.tx.searchGames(words, LIST_LIMIT);
      ctx.reply.push(renderSearchResults({ games: games.map(listEntry), more }, LIST_LIMIT));
      return;
    }
    case 'history':
      ctx.reply.push(await history(ctx, command.game, command.options, command.line));
      return;
    case 'summary':
      ctx.reply.push(await summary(ctx, command.game, command.line));
      return;
    case 'map':
      ctx.reply.push(await mapCommand(ctx, command));
      return;
    case 'get-dedication':
      ctx.reply.push(await playerRecordText(ctx, ctx.sender));
      return;
    case 'info-player':
      ctx.reply.push(await playerRecordText(ctx, command.address ?? ctx.sender));
      return;
  }
}

/**
 * njudge's INFO PLAYER: a player's dedication, on-time and civil-disorder ratios and the counters
 * behind them; never a game or a power. The sender's own record counts every game; anyone else's
 * leaves out games whose players are hidden (gunboat, NO_REVEAL), whose changes would tell who
 * was late or abandoned a power there.
 */
async function playerRecordText(ctx: BlockContext<InfoPorts>, address: MailAddress): Promise<string> {
  const own = address === ctx.sender;
  const records = await ctx.tx.playerRecords([address], playerRecordScope(own));
  const record = records.get(address) ?? NO_RECORD;
  return renderPlayerRecord({ ...record, address: own ? null : address, onTimeRatio: onTimeRatio(record), civilDisorderRatio: civilDisorderRatio(record) });
}

function listEntry(game: Game): GameListEntry {
  if (kindOf(game) === 'mafia') return { name: game.name, variantTitle: 'Mafia', status: game.status, phaseId: null };
  if (kindOf(game) === 'werewolf') return { name: game.name, variantTitle: 'Werewolf', status: game.status, phaseId: null };
  return { name: game.name, variantTitle: loadVariant(game.variant).title, status: game.status, phaseId: game.currentPhase };
}

/**
 * Games LIST and SEARCH show at most: a judge with thousands of games must not answer every LIST
 * with all of them (450 KB and a quarter second of work at 10,000 games).
 */
const LIST_LIMIT = 50;

/**
 * LIST: the games taking players, and the games in play with a power open for TAKEOVER (which
 * powers), the first LIST_LIMIT of each by name. Other games in play are found by SEARCH.
 */
async function openings(ctx: BlockContext<InfoPorts>): Promise<string> {
  const forming = await ctx.tx.openings(LIST_LIMIT);
  const takeovers = await ctx.tx.takeoverOpenings(LIST_LIMIT);
  // The unit of work gives a group's mails the same answers (unit-of-work.ts): worded once.
  const worded = openingsWorded.get(forming);
  if (worded?.takeovers === takeovers) return worded.text;
  const text = openingsText(forming, takeovers);
  openingsWorded.set(forming, { takeovers, text });
  return text;
}

/** LIST's reply by the answers it was worded from (the same answers give the same words; no reader or time in them). */
const openingsWorded = new WeakMap<object, { readonly takeovers: object; readonly text: string }>();

function openingsText(forming: Awaited<ReturnType<InfoPorts['openings']>>, takeovers: Awaited<ReturnType<InfoPorts['takeoverOpenings']>>): string {
  const open = takeovers.games.flatMap((opening): ShownOpening[] => {
    // Diplomacy's open seats are powers, named by the variant; other kinds' seats are named by the kind.
    const { game, powers } = opening;
    const powerNames = powers.length === 0 ? [] : loadVariant(game.variant).powers.flatMap((p) => (powers.includes(p.id) ? [p.name] : []));
    const seats = openSeatNames(opening);
    return powerNames.length > 0 || seats.length > 0 ? [{ game: listEntry(game), powers: powerNames, seats }] : [];
  });
  return renderOpenings({ games: forming.games.map(listEntry), more: forming.more }, { games: open, more: takeovers.more }, LIST_LIMIT);
}

/**
 * MAP game [phase] [PNG|SVG]: the picture goes with the reply, after its text (one mail however many
 * MAP lines; issue 29). Without a phase, the position as it stands; with a processed phase, that phase's position
 * with its orders and what became of them.
 */
async function mapCommand(ctx: BlockContext<InfoPorts>, command: Extract<InfoCommand, { kind: 'map' }>): Promise<string> {
  const game = await requireDiplomacyGame(ctx, command.game, command.line, 'MAP');
  if (game.currentPhase === null) throw new BlockError(command.line, renderRefusal({ kind: 'map-not-started', gameName: game.name }));
  const variant = loadVariant(game.variant);
  const wanted = command.phase ?? game.currentPhase;
  const phases = await ctx.tx.storedPhases(game.id);
  const current = phases.find((p) => p.phaseId === game.currentPhase);
  const phase = phases.find((p) => p.phaseId === wanted && (current === undefined || p.seq <= current.seq));
  if (!phase) {
    const played = phases.filter((p) => current === undefined || p.seq <= current.seq).map((p) => p.phaseId);
    throw new BlockError(command.line, renderRefusal({ kind: 'map-no-phase', gameName: game.name, phase: wanted, phases: played }));
  }
  const results = phase.phaseId === game.currentPhase ? [] : readStoredOrderResults(phase.results, `${game.name} ${phase.phaseId}`);
  const view = viewOf(game, PUBLIC);
  const picture = mapAttachment(
    {
      gameName: game.name,
      variant,
      position: shownPosition(view, phase.position, variant),
      results: shownResults(view, results, variant, phase.position),
      date: null,
    },
    command.format,
  );
  if (!picture) throw new BlockError(command.line, renderRefusal({ kind: 'map-not-drawn', gameName: game.name, variantTitle: variant.title }));
  ctx.attachments.push(picture);
  return renderMapReply({ gameName: game.name, phaseId: phase.phaseId, withOrders: results.length > 0 }, picture.filename);
}

/** LIST FULL: the listed games, in play or not, with their rules: the first LIST_LIMIT by name. */
async function listFull(ctx: BlockContext<InfoPorts>): Promise<string> {
  const { games, more } = await ctx.tx.searchGames([], LIST_LIMIT);
  const shown = games.filter((g) => g.status !== 'preparation');
  return renderFullList({ games: shown.map((g) => ({ ...listEntry(g), rules: g.rules })), more }, LIST_LIMIT);
}

async function requireGame(ctx: BlockContext<InfoPorts>, name: GameName | null, line: number): Promise<Game> {
  if (name === null) throw new BlockError(line, renderRefusal({ kind: 'game-name-missing' }));
  const game = await ctx.tx.findGame(name);
  if (!game) throw await noGameNamed(ctx.tx, name, line);
  return game;
}

/** HISTORY, SUMMARY and MAP read a Diplomacy game's phases; a game of another kind has none to show. */
async function requireDiplomacyGame(ctx: BlockContext<InfoPorts>, name: GameName | null, line: number, command: string): Promise<Game> {
  const game = await requireGame(ctx, name, line);
  if (kindOf(game) !== 'diplomacy') throw new BlockError(line, renderRefusal({ kind: 'not-for-kind', command, gameName: game.name, gameKind: kindOf(game) }));
  return game;
}

async function listGame(ctx: BlockContext<InfoPorts>, name: GameName, line: number): Promise<string> {
  const overview = await ctx.tx.gameOverview(name);
  if (!overview) throw await noGameNamed(ctx.tx, name, line);
  const own = overview.seats.find((s) => s.address === ctx.sender);
  // A Mafia game answers with the tracker's status as anyone may see it (roles hidden).
  if (kindOf(overview.game) === 'mafia') return renderMafiaStatus(mafiaViewFor(mafiaStateOf(overview.game), PUBLIC), overview.game.name, own?.timeZone ?? null);
  if (kindOf(overview.game) === 'werewolf') return werewolfListText(overview.game, own?.timeZone ?? null);
  const isPrivate = (await ctx.tx.privateWordHash(overview.game.id)) !== null;
  const zone = own?.timeZone ?? null;
  // The same overview (a group's mails share it: unit-of-work.ts) gives the same words for the same
  // zone and privacy, and `now` changes them only by whether the deadline has passed.
  const key = `${zone ?? ''}\u0000${isPrivate}\u0000${overview.game.deadline !== null && ctx.now >= overview.game.deadline}`;
  let worded = listGameWorded.get(overview);
  if (worded === undefined) listGameWorded.set(overview, (worded = new Map()));
  let text = worded.get(key);
  if (text === undefined) {
    const header = gameHeader(ctx.config, overview.game, loadVariant(overview.game.variant));
    text = renderListGame(overview, { zone, isPrivate, now: ctx.now }, header);
    worded.set(key, text);
  }
  return text;
}

/** LIST game's replies by the overview they were worded from, by zone, privacy and whether the deadline has passed. */
const listGameWorded = new WeakMap<object, Map<string, string>>();

async function history(ctx: BlockContext<InfoPorts>, name: GameName | null, optionText: string, line: number): Promise<string> {
  const game = await requireDiplomacyGame(ctx, name, line, 'HISTORY');
  const zone = (await ctx.tx.seats(game.id)).find((s) => s.address === ctx.sender && s.timeZone !== null)?.timeZone ?? game.timeZone;
  const parsed = parseHistoryOptions(optionText, { now: ctx.now, zone });
  if (!parsed.ok) throw new BlockError(line, parsed.error);
  const phaseOrder = (await ctx.tx.storedPhases(game.id)).map((p) => p.phaseId);
  for (const phase of [parsed.options.startPhase, parsed.options.endPhase]) {
    if (phase !== null && !phaseOrder.includes(phase))
      throw new BlockError(line, renderRefusal({ kind: 'history-no-phase', gameName: game.name, phase, phases: phaseOrder }));
  }
  const records = await ctx.tx.gameHistory(game.id);
  return renderHistory({ game, variant: loadVariant(game.variant), config: ctx.config, phaseOrder, records, options: parsed.options, zone, now: ctx.now });
}

/** How SUMMARY's roster shows the players the view names, numbers or hides. */
const SUMMARY_PLAYERS = { named: 'addresses', numbered: 'numbers', hidden: 'hidden' } as const;

async function summary(ctx: BlockContext<InfoPorts>, name: GameName | null, line: number): Promise<string> {
  const game = await requireDiplomacyGame(ctx, name, line, 'SUMMARY');
  if (game.currentPhase === null) return renderSummaryNotStarted(game.name);
  const variant = loadVariant(game.variant);
  const stored = await ctx.tx.storedPhases(game.id);
  const current = stored.find((p) => p.phaseId === game.currentPhase)?.seq ?? Number.POSITIVE_INFINITY;
  const played = stored.filter((p) => p.seq <= current);
  const seats = (await ctx.tx.seats(game.id)).filter((s) => s.role === 'power' && s.power !== null);
  const powers: SummaryPower[] = seats.map((seat) => {
    // Who held the power in each phase: the snapshot taken as the phase began, and now for the current one.
    const held = played.map((p) => {
      const then = p.seq === current ? undefined : p.snapshot?.seats.find((s) => s.id === seat.id);
      return { phaseId: p.phaseId, holder: summaryHolder(then ?? seat) };
    });
    const stints: SummaryStint[] = [];
    for (const [index, { phaseId, holder }] of held.entries()) {
      const last = stints[stints.length - 1];
      if (last && last.address === holder) continue;
      if (last) stints[stints.length - 1] = { ...last, to: held[index - 1]!.phaseId };
      stints.push({ address: holder, from: phaseId, to: null });
    }
    return { power: seat.power!, stints, state: summaryState(seat.status) };
  });
  const ended = game.status === 'completed' || game.status === 'terminated';
  const view = viewOf(game, PUBLIC);
  const players = SUMMARY_PLAYERS[view.players];
  let result: string | null = null;
  if (ended)
    result = game.ending ? gameEndText(endReason(game.ending, variant)) : endedWithoutReason(game.status === 'terminated' ? 'terminated' : 'completed');
  // A blind game's public sees no position, and so no centres by year, until the game ends.
  const years = boardShown(view) ? summaryYears(played.map((p) => ({ phase: phaseOf(p.phaseId), position: shownPosition(view, p.position, variant) }))) : [];
  return renderSummary({ gameName: game.name, variant, status: game.status, currentPhase: game.currentPhase, powers, years, players, result });
}
