import type { MafiaView } from '../mafia/index.ts';
import type { WerewolfTableView } from '../werewolf/view.ts';

// What the public web site's pages show, as src/web reads it (web/public-view.ts, phase-view.ts,
// game-result.ts) and render/web-pages.ts words it. Declared here, by the pages that read them,
// so that render needs nothing from the judge or the web.

/** A game's state as the judge keeps it (judge/model.ts's GameStatus, which must fit here). */
export type WebGameStatus = 'preparation' | 'forming' | 'active' | 'waiting' | 'completed' | 'terminated';

export interface GameRow {
  readonly name: string;
  readonly variant: string;
  readonly status: WebGameStatus;
  readonly phase: string | null;
  readonly phaseTitle: string | null;
  readonly deadline: Date | null;
  readonly timeZone: string;
  /** Forming games: players joined and powers in the variant. */
  readonly joined: { readonly players: number; readonly of: number } | null;
}

export interface GamesListView {
  /** Games taking players (LIST), first. */
  readonly openings: readonly GameRow[];
  readonly inPlay: readonly GameRow[];
  readonly finished: readonly GameRow[];
  /** More listed games than WEB_LIST_LIMIT: the rest are not shown. */
  readonly more: boolean;
}

export interface PowerRow {
  readonly id: string;
  readonly name: string;
  /** LIST's state: open, joined, ordered, waiting, late, civil disorder, … */
  readonly state: string;
  /** Abbreviations as players write them (Par, Stp/sc), and the provinces' names. */
  readonly centres: readonly string[];
  readonly centreNames: readonly string[];
  readonly units: readonly string[];
  readonly unitNames: readonly string[];
}

export interface ResultEntry {
  readonly phase: string;
  readonly title: string;
  readonly text: string;
}

export interface GameView {
  readonly name: string;
  readonly variant: string;
  readonly variantTitle: string;
  readonly status: WebGameStatus;
  readonly description: string;
  readonly listed: boolean;
  readonly timeZone: string;
  readonly phase: string | null;
  readonly phaseTitle: string | null;
  readonly deadline: Date | null;
  readonly grace: Date | null;
  /** LIST's parameter lines: timing, zone, rules, press and the other options, signon gates. */
  readonly parameters: readonly string[];
  readonly powers: readonly PowerRow[];
  readonly unownedCentres: readonly string[];
  readonly unownedCentreNames: readonly string[];
  readonly observers: number;
  readonly joined: { readonly players: number; readonly of: number } | null;
  /** SUMMARY: centres per power at the start of each year, and now. */
  readonly centreHistory: { readonly powers: readonly string[]; readonly rows: readonly { readonly label: string; readonly counts: readonly number[] }[] };
  /** HISTORY, newest first. */
  readonly results: readonly ResultEntry[];
  /** Whether the variant's map has a drawing (so /map.svg answers). */
  readonly hasMap: boolean;
  /** Gunboat or NO_REVEAL: nobody is told who plays which power. */
  readonly playersHidden: boolean;
  /** A finished game's ending and final centres (powers only); null while it runs. */
  readonly result: GameResult | null;
}

/** One deadline of a game, for the ICS feed. */
export interface DeadlineEntry {
  readonly phase: string;
  readonly title: string;
  readonly at: Date;
  /** 'processed': a past phase, at the time it was processed, which the Master may have done before its deadline. */
  readonly kind: 'deadline' | 'processed' | 'grace';
}

export interface GameDeadlines {
  readonly name: string;
  /** The kind's name in the calendar's title; absent: Diplomacy. */
  readonly kindTitle?: string;
  readonly timeZone: string;
  readonly entries: readonly DeadlineEntry[];
}

/** A Mafia game's page: its public view (roles hidden, the flips shown, the count if public). */
export interface MafiaGameView {
  readonly name: string;
  readonly listed: boolean;
  readonly view: MafiaView;
}

/** A werewolf game's page: its public view (the living, the dead with their roles, every role after the end). */
export interface WerewolfGameView {
  readonly name: string;
  readonly listed: boolean;
  readonly timeZone: string;
  readonly view: WerewolfTableView;
}

/** A game's page by its kind. */
export type GamePageView =
  | { readonly kind: 'diplomacy'; readonly game: GameView }
  | { readonly kind: 'mafia'; readonly game: MafiaGameView }
  | { readonly kind: 'werewolf'; readonly game: WerewolfGameView };

/** How a finished game ended, for the top of its page (web/game-result.ts). */
export interface GameResult {
  /** The end notice's own sentence. */
  readonly text: string;
  /** The powers that won or share the draw; none when the Master ended it. */
  readonly victors: readonly string[];
  /** Every power with its centres at the end, most first. */
  readonly standings: readonly { readonly power: string; readonly centres: number }[];
}

/** One phase with its neighbours, for the phase pages (web/phase-view.ts). */
export interface PhaseLink {
  readonly phase: string;
  readonly title: string;
}

export interface PhaseView {
  readonly gameName: string;
  readonly phase: string;
  readonly title: string;
  /** The results mail's text; null for the phase still being played. */
  readonly resultsText: string | null;
  readonly current: boolean;
  /** Whether the game still runs (its current phase is being played) rather than having ended. */
  readonly running: boolean;
  readonly previous: PhaseLink | null;
  readonly next: PhaseLink | null;
  /** Whether the variant's map has a drawing (so the phase's map.svg answers). */
  readonly hasMap: boolean;
}
