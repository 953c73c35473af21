import type { PhaseId } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import { readPhaseId } from '../../engine/phase.ts';
import { historyBroadcastBody, historyResultsBody, renderHistory as writeHistory, type HistoryEntryView } from '../../render/history.ts';
import { renderRefusal, type HistoryOptionsRefusal } from '../../render/refusals.ts';
import { parseDate } from '../../schedule/index.ts';
import type { JudgeConfig } from '../context.ts';
import { subjectFor } from '../../render/subjects.ts';
import { gameHeader } from './game-header.ts';
import type { Game } from '../model.ts';
import type { HistoryRecord } from '../ports.ts';
import { partyNaming, pressSubject, viewsOfArchive } from '../press/index.ts';
import { boardShown, viewOf, type ReaderView } from '../visibility/policy.ts';
import { PUBLIC } from '../visibility/reader.ts';

// njudge's HISTORY: what a game's followers all got, oldest first, each as a mail with its Date and
// Subject: the results, the notices everyone got (deadline changes, late notices, parameter
// changes, takeovers, the end) and the press that went to everyone. Press to some only is never
// shown (njudge showed press to all but X to X through HISTORY). Each entry is shown as the
// public's view (visibility/policy.ts) shows it: the stored results are the public's, and press
// the header its readers got, so no address or name.
//
//   HISTORY game [FROM date] [TO date] [LINES n]
//   HISTORY game EXCLSTART phase [EXCLEND phase] [BROAD]
//
// FROM and TO bound when an entry was written; EXCLSTART/EXCLEND bound the phases (both
// included) and leave out broadcasts unless BROAD. LINES caps the reply (default 1000, at most
// MAX_HISTORY_LINES); where it stops, the reply says how to ask for the rest. Unlike njudge, HISTORY
// without FROM starts at the beginning of the game rather than a week ago.

export const DEFAULT_HISTORY_LINES = 1000;
export const MAX_HISTORY_LINES = 5000;

export interface HistoryOptions {
  readonly from: Date | null;
  readonly to: Date | null;
  readonly lines: number;
  readonly startPhase: PhaseId | null;
  readonly endPhase: PhaseId | null;
  readonly broadcasts: boolean;
}

export type HistoryOptionsResult = { readonly ok: true; readonly options: HistoryOptions } | { readonly ok: false; readonly error: string };

const refused = (refusal: HistoryOptionsRefusal): HistoryOptionsResult => ({ ok: false, error: renderRefusal(refusal) });

const WORDS = new Set(['FROM', 'TO', 'LINES', 'EXCLSTART', 'EXCLEND', 'BROAD']);

/** Reads what follows `HISTORY game`; dates are read in `zone` as njudge's date forms. */
export function parseHistoryOptions(text: string, context: { readonly now: Date; readonly zone: string }): HistoryOptionsResult {
  const tokens = text.trim() === '' ? [] : text.trim().split(/\s+/);
  const values = new Map<string, string>();
  for (let i = 0; i < tokens.length; ) {
    const word = tokens[i]!.toUpperCase();
    if (!WORDS.has(word)) return refused({ kind: 'history-word-unknown', written: tokens[i]! });
    if (values.has(word)) return refused({ kind: 'history-word-twice', word });
    let end = i + 1;
    while (end < tokens.length && !WORDS.has(tokens[end]!.toUpperCase())) end++;
    const value = tokens.slice(i + 1, end).join(' ');
    if (word !== 'BROAD' && value === '') return refused({ kind: 'history-value-missing', word });
    if (word === 'BROAD' && value !== '') return refused({ kind: 'history-broad-value', value });
    values.set(word, value);
    i = end;
  }
  const dated = values.has('FROM') || values.has('TO');
  const phased = values.has('EXCLSTART') || values.has('EXCLEND') || values.has('BROAD');
  if (dated && phased) return refused({ kind: 'history-dates-and-phases' });
  if ((values.has('EXCLEND') || values.has('BROAD')) && !values.has('EXCLSTART')) return refused({ kind: 'history-exclend-alone' });

  const date = (word: string): Date | string | null => {
    const written = values.get(word);
    if (written === undefined) return null;
    const parsed = pastDate(written, context.now, context.zone, word === 'TO' ? 23 * 60 + 59 : 0);
    return parsed instanceof Date ? parsed : renderRefusal({ kind: 'history-date', word, written, reason: parsed });
  };
  const from = date('FROM');
  if (typeof from === 'string') return { ok: false, error: from };
  const to = date('TO');
  if (typeof to === 'string') return { ok: false, error: to };
  if (from !== null && to !== null && to < from) return refused({ kind: 'history-to-before-from' });

  const phase = (word: string): PhaseId | null | { error: string } => {
    const written = values.get(word);
    if (written === undefined) return null;
    return readPhaseId(written) ?? { error: renderRefusal({ kind: 'history-phase-unreadable', word, written }) };
  };
  const startPhase = phase('EXCLSTART');
  if (startPhase !== null && typeof startPhase === 'object') return { ok: false, error: startPhase.error };
  const endPhase = phase('EXCLEND');
  if (endPhase !== null && typeof endPhase === 'object') return { ok: false, error: endPhase.error };

  let lines = DEFAULT_HISTORY_LINES;
  const linesText = values.get('LINES');
  if (linesText !== undefined) {
    if (!/^\d{1,6}$/.test(linesText) || Number(linesText) < 1) return refused({ kind: 'history-lines', written: linesText, max: MAX_HISTORY_LINES });
    lines = Math.min(Number(linesText), MAX_HISTORY_LINES);
  }
  return { ok: true, options: { from, to, lines, startPhase, endPhase, broadcasts: !values.has('EXCLSTART') || values.has('BROAD') } };
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * A date as njudge's forms write it, read as the latest such moment not after now: history lies
 * behind, while the date reader looks ahead from the moment it is given. It is given a week ago
 * (a weekday or a time means the last one), then a year ago (a day and month without the year
 * means last year's), then the eve of a year written. A date still ahead of now stays so.
 */
function pastDate(text: string, now: Date, zone: string, defaultTime: number): Date | string {
  let first: Date | null = null;
  let error = '';
  // The reader looks a year ahead at most: a year written is looked for from its eve.
  const years = [...text.matchAll(/\b(19|20)\d\d\b/g)].map((m) => new Date(Date.UTC(Number(m[0]) - 1, 11, 30)));
  for (const from of [new Date(now.getTime() - 7 * DAY_MS), new Date(now.getTime() - 366 * DAY_MS), ...years]) {
    const parsed = parseDate(text, { now: from, zone, defaultTime, earliest: 'from-today' });
    if (!parsed.ok) {
      error = parsed.error.message;
      continue;
    }
    if (parsed.date.instant <= now) return parsed.date.instant;
    first ??= parsed.date.instant;
  }
  return first ?? error;
}

export interface HistoryInput {
  readonly game: Game;
  readonly variant: Variant;
  readonly config: JudgeConfig;
  /** The game's stored phases in order: where each phase id stands. */
  readonly phaseOrder: readonly string[];
  readonly records: readonly HistoryRecord[];
  readonly options: HistoryOptions;
  /** The zone the Date lines are written in. */
  readonly zone: string;
  readonly now: Date;
}

function entryOf(record: HistoryRecord, input: HistoryInput, view: ReaderView): HistoryEntryView {
  const { game, config, variant } = input;
  switch (record.kind) {
    case 'results':
      return { at: record.at, subject: subjectFor(config, game, record.phaseId, 'Results'), body: historyResultsBody(record.text) };
    case 'notice':
      return { at: record.at, subject: subjectFor(config, game, record.phaseId, record.subject), body: record.body };
    case 'broadcast': {
      const naming = partyNaming(variant);
      const views = viewsOfArchive({ ...record.press, sender: record.sender ?? 'O' });
      const subject = pressSubject(views, view.press, { game: game.name, phase: record.phaseId, judgeCode: config.code }, naming);
      return { at: record.at, subject, body: historyBroadcastBody(views, view.press, game.name, naming, record.press.body) };
    }
  }
}

/** The reply to HISTORY: the entries chosen by the options, written by src/render/history.ts within the line cap. */
export function renderHistory(input: HistoryInput): string {
  const { game, options, phaseOrder } = input;
  const view = viewOf(game, PUBLIC);
  const rank = (phaseId: PhaseId | null, end: boolean): number => {
    if (phaseId === null) return end ? Number.POSITIVE_INFINITY : -1;
    const at = phaseOrder.indexOf(phaseId);
    return at < 0 ? -1 : at;
  };
  const first = options.startPhase === null ? Number.NEGATIVE_INFINITY : rank(options.startPhase, false);
  const last = options.endPhase === null ? Number.POSITIVE_INFINITY : rank(options.endPhase, true);
  const chosen = input.records.filter((record) => {
    if (options.from !== null && record.at < options.from) return false;
    if (options.to !== null && record.at > options.to) return false;
    if (record.kind === 'broadcast' && !options.broadcasts) return false;
    // A blind game's results are stored whole: nobody reads them before the game ends.
    if (record.kind === 'results' && !boardShown(view)) return false;
    if (options.startPhase === null) return true;
    // The end of the game is written without a phase: it belongs after every phase.
    const place = rank(record.phaseId, record.kind === 'notice' && record.phaseId === null && record.subject === 'Game over');
    return place >= first && place <= last;
  });
  return writeHistory({
    gameName: game.name,
    header: gameHeader(input.config, game, input.variant),
    from: options.from ?? chosen[0]?.at ?? input.now,
    through: options.to ?? input.now,
    zone: input.zone,
    entries: chosen.map((record) => entryOf(record, input, view)),
    ranged: Boolean(options.from || options.to || options.startPhase),
    lines: options.lines,
    linesSet: options.lines !== DEFAULT_HISTORY_LINES,
    maxLines: MAX_HISTORY_LINES,
  });
}
