import { loadVariant } from '../catalog/variant-catalog.ts';
import { formatPhaseId, parsePhaseId } from '../engine/phase.ts';
import type { Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { gameTiming } from '../judge/clock/deadlines.ts';
import { optionLines } from '../judge/master/game-options.ts';
import { variantLine } from '../judge/reports/game-report.ts';
import { phaseTitle, powerState } from '../render/list-game.ts';
import { hasMapDrawing, mapSvg } from '../judge/reports/map-pictures.ts';
import type { Game, GameStatus } from '../judge/model.ts';
import { readGameName } from '../commands/names.ts';
import { settingsOf } from '../judge/master/option-commands.ts';
import { owesOrders } from '../judge/diplomacy/order-set.ts';
import { readStoredOrderResults } from '../judge/diplomacy/stored-results.ts';
import type { GameOverview, PublicViewPorts, PublicViewStore } from '../judge/ports.ts';
import { boardShown, shownPosition, shownResults, viewOf, type ReaderView } from '../judge/visibility/policy.ts';
import { PUBLIC } from '../judge/visibility/reader.ts';
import { kindOf } from '../judge/model.ts';
import { mafiaStateOf } from '../judge/mafia/mafia-state.ts';
import { mafiaViewFor, werewolfViewFor } from '../judge/visibility/policy.ts';
import { werewolfTableOf } from '../judge/werewolf/werewolf-state.ts';
import { loadRoleSet } from '../catalog/roleset-catalog.ts';
import { phaseName as werewolfPhaseName } from '../werewolf/phases.ts';
import type { WerewolfTableView } from '../werewolf/view.ts';
import { phaseName } from '../render/mafia-refusals.ts';
import { gatesText } from '../render/signon-gates.ts';
import { optionLine, PRESS_KIND_TEXTS } from '../render/option-texts.ts';
import { formatLocation } from '../orders/format-order.ts';
import { formatTimingLines } from '../schedule/index.ts';
import { gameResult } from './game-result.ts';
import type { GameRow, GamesListView, GameView, DeadlineEntry, GameDeadlines, GamePageView } from '../render/web-views.ts';

export type {
  GameRow,
  GamesListView,
  PowerRow,
  ResultEntry,
  GameView,
  DeadlineEntry,
  GameDeadlines,
  MafiaGameView,
  WerewolfGameView,
  GamePageView,
} from '../render/web-views.ts';
import { phaseView, type PhaseView } from './phase-view.ts';

// What the public web site shows, read through the judge's own port: the same reads as the mail
// commands anyone may send without signing on (LIST, LIST game, SUMMARY, HISTORY, MAP), each game
// as its public view (judge/visibility) shows it, so the site shows nothing a stranger could not
// already ask the judge for by mail. No view here holds an address, a password or a player's
// record: seats are shown as powers and their state only. Unlisted games are not in the list (LIST
// and SEARCH leave them out) but their page answers to their name, as LIST game does.

/** The most games the list page shows per section (LIST shows 50; the site a little more). */
export const WEB_LIST_LIMIT = 200;

/** The site's reads, on the judge's store; each runs in one transaction. */
export interface PublicSite {
  games(now: Date): Promise<GamesListView>;
  /** A game's page, whatever its kind; null: no such game. */
  page(name: string, now: Date): Promise<GamePageView | null>;
  /** A Diplomacy game's page; null: no such game, or a game of another kind. */
  game(name: string, now: Date): Promise<GameView | null>;
  deadlines(name: string): Promise<GameDeadlines | null>;
  /** The SVG of the game's map as it stands, or after `phase` with its orders; null: no such game, phase or drawing. */
  map(name: string, phase: string | null): Promise<string | null>;
  /** One phase with its neighbours, for the phase pages; null: no such game or phase. */
  phase(name: string, phase: string): Promise<PhaseView | null>;
}

export function publicSite(store: PublicViewStore): PublicSite {
  // The games list is the site's most asked page and the costliest to make (200 games, the players
  // of the forming ones): it is kept with the print of what it was made from (gamesListPrint),
  // and made again only once the print differs, whoever wrote (this process, another, the admin
  // CLI). The same list object is handed out until then, so the server may keep its page too.
  let kept: { readonly print: string; readonly view: GamesListView } | null = null;
  return {
    games: (now) =>
      store.transaction(async (tx) => {
        const print = await tx.gamesListPrint(WEB_LIST_LIMIT);
        if (kept?.print === print) return kept.view;
        // Read after the print: a write committed in between makes the list newer than the print,
        // never older, so the next request at worst makes it again.
        const view = await gamesList(tx, now);
        kept = { print, view };
        return view;
      }),
    page: (name, now) => store.transaction((tx) => gamePage(tx, name, now)),
    game: (name, now) => store.transaction((tx) => gameView(tx, name, now)),
    deadlines: (name) => store.transaction((tx) => gameDeadlines(tx, name)),
    map: (name, phase) => store.transaction((tx) => gameMap(tx, name, phase)),
    phase: (name, phase) => store.transaction((tx) => phaseView(tx, name, phase)),
  };
}

const FINISHED: readonly GameStatus[] = ['completed', 'terminated'];

async function gamesList(tx: PublicViewPorts, _now: Date): Promise<GamesListView> {
  const { games, more } = await tx.searchGames([], WEB_LIST_LIMIT);
  const shown = games.filter((g) => g.status !== 'preparation');
  const rows: GameRow[] = [];
  // The players of every forming game in one read, not one per game.
  const players = await tx.joinedPlayers(shown.filter((g) => g.status === 'forming' && kindOf(g) === 'diplomacy').map((g) => g.id));
  for (const game of shown) {
    if (kindOf(game) === 'mafia') {
      rows.push(mafiaRow(game));
      continue;
    }
    if (kindOf(game) === 'werewolf') {
      rows.push(werewolfRow(game));
      continue;
    }
    const variant = loadVariant(game.variant);
    const joined = game.status === 'forming' ? { players: players.get(game.id) ?? 0, of: variant.powers.length } : null;
    rows.push({
      name: game.name,
      variant: variantLine(viewOf(game, PUBLIC), variant),
      status: game.status,
      phase: game.currentPhase,
      phaseTitle: game.currentPhase === null ? null : phaseTitle(variant, game.currentPhase),
      deadline: game.deadline,
      timeZone: game.timeZone,
      joined,
    });
  }
  return {
    openings: rows.filter((g) => g.status === 'forming'),
    inPlay: rows.filter((g) => g.status !== 'forming' && !FINISHED.includes(g.status)),
    finished: rows.filter((g) => FINISHED.includes(g.status)),
    more,
  };
}

function mafiaRow(game: Game): GameRow {
  const view = mafiaViewFor(mafiaStateOf(game), PUBLIC);
  return {
    name: game.name,
    variant: 'Mafia',
    status: game.status,
    phase: view.phase === null ? null : phaseName(view.phase),
    phaseTitle: view.phase === null ? null : phaseName(view.phase),
    deadline: view.deadline === null ? null : new Date(view.deadline),
    timeZone: view.zone,
    joined: view.status === 'forming' ? { players: view.joined.length, of: view.settings.players ?? view.joined.length } : null,
  };
}

/** A werewolf game as the public sees it (the visibility policy's view): no role of a living player before the end. */
function publicWerewolfView(game: Game): WerewolfTableView {
  const table = werewolfTableOf(game);
  const loaded = loadRoleSet(table.settings.roleSet);
  if (!loaded.ok) throw new Error(`the role set ${table.settings.roleSet} of game '${game.name}' no longer loads`);
  return werewolfViewFor(table, loaded.roleSet, PUBLIC);
}

function werewolfRow(game: Game): GameRow {
  // A set edited on disk so that it no longer loads must not take the home page down: the row says less.
  if (!loadRoleSet(werewolfTableOf(game).settings.roleSet).ok)
    return { name: game.name, variant: 'Werewolf', status: game.status, phase: null, phaseTitle: null, deadline: null, timeZone: game.timeZone, joined: null };
  const view = publicWerewolfView(game);
  const phase = view.phase === null ? null : werewolfPhaseName(view.phase);
  return {
    name: game.name,
    variant: `Werewolf (${view.roleSet})`,
    status: game.status,
    phase,
    phaseTitle: phase,
    deadline: view.deadline === null ? null : new Date(view.deadline),
    timeZone: game.timeZone,
    joined: view.status === 'forming' ? { players: view.joined.length, of: view.players } : null,
  };
}

/** The page of the game named, whatever its kind: its row read once, the kind's public view made from it. */
async function gamePage(tx: PublicViewPorts, name: string, now: Date): Promise<GamePageView | null> {
  const gameName = readGameName(name);
  const overview = gameName && (await tx.gameOverview(gameName));
  if (!overview) return null;
  const { game } = overview;
  switch (kindOf(game)) {
    case 'mafia':
      return { kind: 'mafia', game: { name: game.name, listed: game.listed, view: mafiaViewFor(mafiaStateOf(game), PUBLIC) } };
    case 'werewolf':
      return { kind: 'werewolf', game: { name: game.name, listed: game.listed, timeZone: game.timeZone, view: publicWerewolfView(game) } };
    default:
      return { kind: 'diplomacy', game: await diplomacyView(tx, overview, now) };
  }
}

async function gameView(tx: PublicViewPorts, name: string, now: Date): Promise<GameView | null> {
  const page = await gamePage(tx, name, now);
  return page?.kind === 'diplomacy' ? page.game : null;
}

async function diplomacyView(tx: PublicViewPorts, overview: GameOverview, now: Date): Promise<GameView> {
  const { game, seats, phase, orders } = overview;
  const variant = loadVariant(game.variant);
  const view = viewOf(game, PUBLIC);
  const isPrivate = (await tx.privateWordHash(game.id)) !== null;
  const forming = game.currentPhase === null;
  const late = game.deadline !== null && now >= game.deadline && game.status === 'active';
  const stored = new Map(orders.map((o) => [o.power, o]));
  const powerSeats = seats.filter((s) => s.role === 'power');
  const position = phase ? shownPosition(view, phase.position, variant) : null;
  const powers = variant.powers.map((power) => {
    const owes = phase && game.currentPhase !== null ? owesOrders(variant, phase.position, power.id) : false;
    const seat = powerSeats.find((s) => s.power === power.id);
    const centres = position ? [...(position.supplyCenters[power.id] ?? [])].sort() : [];
    const units = position ? position.units.filter((u) => u.power === power.id) : [];
    return {
      id: power.id,
      name: power.name,
      state: powerState(seat, owes, stored.get(power.id), late, forming),
      centres: centres.map(abbreviation),
      centreNames: centres.map((c) => formatLocation(c, variant.map)),
      units: units.map((u) => `${u.type} ${abbreviation(u.location)}`),
      unitNames: units.map((u) => `${UNIT_NAMES[u.type]} ${formatLocation(u.location, variant.map)}`),
    };
  });
  const owned = new Set(position ? Object.values(position.supplyCenters).flat() : []);
  const unowned = position
    ? variant
        .supplyCenters()
        .filter((c) => !owned.has(c) && (position.sight === undefined || position.sight.centres.includes(c)))
        .sort()
    : [];
  const phases = game.currentPhase === null ? [] : await tx.phases(game.id);
  return {
    name: game.name,
    variant: game.variant,
    variantTitle: variantLine(view, variant),
    status: game.status,
    description: game.description,
    listed: game.listed,
    timeZone: game.timeZone,
    phase: game.currentPhase,
    phaseTitle: game.currentPhase === null ? null : phaseTitle(variant, game.currentPhase),
    deadline: game.status === 'active' || game.status === 'waiting' ? game.deadline : null,
    grace: game.status === 'active' || game.status === 'waiting' ? game.grace : null,
    parameters: parameterLines(game, view, variant, isPrivate),
    powers,
    unownedCentres: unowned.map(abbreviation),
    unownedCentreNames: unowned.map((c) => formatLocation(c, variant.map)),
    observers: seats.filter((s) => s.role === 'observer' || s.role === 'monitor').length,
    joined: forming ? { players: powerSeats.length, of: variant.powers.length } : null,
    centreHistory: centreHistory(
      variant,
      // A blind game's public sees no position while it is played: no history of centres either.
      boardShown(view) ? phases.map((p) => ({ ...p, position: shownPosition(view, p.position, variant) })) : [],
      game.currentPhase,
    ),
    results: phases
      .filter((p) => p.resultsText !== null && boardShown(view))
      .reverse()
      .map((p) => ({ phase: p.phaseId, title: phaseTitle(variant, p.phaseId), text: p.resultsText! })),
    hasMap: position !== null && hasMapDrawing(variant),
    playersHidden: view.players === 'hidden',
    result: gameResult(game, variant, position),
  };
}

const UNIT_NAMES = { A: 'Army', F: 'Fleet' } as const;

/** A province or coast as players abbreviate it: par -> Par, stp/sc -> Stp/sc. */
function abbreviation(location: string): string {
  return location.charAt(0).toUpperCase() + location.slice(1);
}

/** LIST game's parameters, as lines. */
function parameterLines(game: Game, view: ReaderView, variant: Variant, isPrivate: boolean): string[] {
  const lines = [...formatTimingLines(gameTiming(game)), `Zone: ${game.timeZone}.`, `Variant: ${variantLine(view, variant)}.`];
  if (game.rules.length > 0) lines.push(`Rules: ${game.rules.join(', ')}.`);
  lines.push(...optionLines(settingsOf(game, isPrivate)));
  if (!optionLines(settingsOf(game)).some((l) => l.startsWith('Press:'))) lines.push(optionLine('Press', PRESS_KIND_TEXTS.WHITE));
  const gates = gatesText(game.signonGates);
  if (gates !== null) lines.push(gates);
  return lines;
}

/** SUMMARY's table: the centres each power held at the start of each year, and in the current phase. */
function centreHistory(
  variant: Variant,
  phases: readonly { readonly phaseId: string; readonly position: Position }[],
  current: string | null,
): GameView['centreHistory'] {
  const opening = variant.openingSeason();
  const rows = phases
    .filter((p) => (p.phaseId.endsWith('M') && p.phaseId.startsWith(opening)) || p.phaseId === current)
    .map((p) => ({
      label: p.phaseId === current ? `${p.phaseId} (now)` : p.phaseId.slice(1, -1),
      counts: variant.powers.map((power) => p.position.supplyCenters[power.id]?.length ?? 0),
    }));
  return { powers: variant.powers.map((p) => p.name), rows };
}

async function gameDeadlines(tx: PublicViewPorts, name: string): Promise<GameDeadlines | null> {
  const gameName = readGameName(name);
  const game = gameName && (await tx.findGame(gameName));
  if (!game) return null;
  if (kindOf(game) === 'werewolf') {
    // The narrator's phases end at their deadline (or earlier): only the current one is known.
    const view = publicWerewolfView(game);
    const entries: DeadlineEntry[] =
      view.phase === null || view.deadline === null
        ? []
        : [{ phase: werewolfPhaseName(view.phase).replace(' ', ''), title: werewolfPhaseName(view.phase), at: new Date(view.deadline), kind: 'deadline' }];
    return { name: game.name, timeZone: game.timeZone, entries, kindTitle: 'Werewolf' };
  }
  if (kindOf(game) === 'mafia') {
    // The tracker's schedule: the current deadline and the next three, while the game runs.
    const view = mafiaViewFor(mafiaStateOf(game), PUBLIC);
    const entries: DeadlineEntry[] = [];
    if (view.phase !== null && view.deadline !== null) {
      entries.push({ phase: phaseName(view.phase).replace(' ', ''), title: phaseName(view.phase), at: new Date(view.deadline), kind: 'deadline' });
      for (const next of view.upcoming)
        entries.push({ phase: phaseName(next.phase).replace(' ', ''), title: phaseName(next.phase), at: new Date(next.deadline), kind: 'deadline' });
    }
    return { name: game.name, timeZone: view.zone, entries, kindTitle: 'Mafia' };
  }
  const variant = loadVariant(game.variant);
  const phases = game.currentPhase === null ? [] : await tx.phases(game.id);
  const entries: DeadlineEntry[] = [];
  for (const phase of phases) {
    const title = phaseTitle(variant, phase.phaseId);
    if (phase.phaseId === game.currentPhase) {
      if (game.deadline !== null) entries.push({ phase: phase.phaseId, title, at: game.deadline, kind: 'deadline' });
    } else if (phase.processedAt !== null) {
      entries.push({ phase: phase.phaseId, title, at: phase.processedAt, kind: 'processed' });
    } else if (phase.deadline) {
      entries.push({ phase: phase.phaseId, title, at: phase.deadline, kind: 'deadline' });
    }
  }
  const running = game.status === 'active' || game.status === 'waiting';
  if (!running) {
    // A finished game's feed keeps its past deadlines; the current phase's was never reached.
    const current = entries.findIndex((e) => e.phase === game.currentPhase);
    if (current >= 0 && FINISHED.includes(game.status)) entries.splice(current, 1);
  } else if (game.grace !== null && game.currentPhase !== null) {
    entries.push({ phase: game.currentPhase, title: phaseTitle(variant, game.currentPhase), at: game.grace, kind: 'grace' });
  }
  return { name: game.name, timeZone: game.timeZone, entries };
}

async function gameMap(tx: PublicViewPorts, name: string, wantedPhase: string | null): Promise<string | null> {
  const gameName = readGameName(name);
  const game = gameName && (await tx.findGame(gameName));
  if (!game || game.currentPhase === null) return null;
  const variant = loadVariant(game.variant);
  let wanted = game.currentPhase;
  if (wantedPhase !== null) {
    const parsed = parsePhaseId(wantedPhase.toUpperCase());
    if (parsed === null) return null;
    wanted = formatPhaseId(parsed);
  }
  const phases = await tx.storedPhases(game.id);
  const current = phases.find((p) => p.phaseId === game.currentPhase);
  // A phase rolled back past is not shown: only those up to the current one, as MAP does.
  const phase = phases.find((p) => p.phaseId === wanted && (current === undefined || p.seq <= current.seq));
  if (phase === undefined) return null;
  const results = phase.phaseId === game.currentPhase ? [] : readStoredOrderResults(phase.results, `${game.name} ${phase.phaseId}`);
  const view = viewOf(game, PUBLIC);
  return mapSvg({
    gameName: game.name,
    variant,
    position: shownPosition(view, phase.position, variant),
    results: shownResults(view, results, variant, phase.position),
    date: null,
  });
}
