import type { PowerId } from '../engine/types.ts';
import { verbatim } from './wrap.ts';

// The text around a press: the first line of each copy, its subject and the sender's echo.
// Everything a non-Master reads comes from the shown view alone, so grey and fake press can
// name nobody the sender did not choose to show; no address ever appears (gunboat games and
// DPjudge's someone@somewhere anonymity rely on it). The Master's copy is honest: the shown
// text with the truth in brackets, as on DPjudge and njudge.
//
//   white      Message from France to Austria and Italy in 'demo':
//   broadcast  Broadcast message from France in 'demo':
//   grey       Message to Austria and Italy in 'demo':            Broadcast message in 'demo':
//   Master     Message [from France] to Italy in 'demo':
//              Message from Germany [really from France] to Austria and Turkey [really to Austria] in 'demo':
//
// Subjects follow njudge (`DIP:demo - S1901M Press from F to AI`, `… Broadcast from F`), built
// from the same view: grey press gives `Press to AI` or `Broadcast`, fake press the claimed
// sender. The Master's subject is the truth plus what was shown: `Press from F to A (as G, shown to AT)`.

/** Someone press can name: a power id, a pre-start seat (`POWER#3`), the Master (`M`) or the observers (`O`). */
export type PartyId = PowerId;

/** white: the real sender is shown; grey: no sender is shown; fake: another power is shown. */
export type PressKind = 'white' | 'grey' | 'fake';

/**
 * One way of looking at a press: either what its readers are shown, or the truth.
 * `recipients` is in canonical order (map powers, pre-start seats, M, O) and empty for broadcasts.
 */
export interface PressView {
  /** null: no sender shown (grey press). */
  readonly sender: PartyId | null;
  readonly broadcast: boolean;
  readonly recipients: readonly PartyId[];
}

export interface PressViews {
  readonly truth: PressView;
  /** What everybody but the Master sees; equal to `truth` for plain white press. */
  readonly shown: PressView;
}

/** The Master reads the truth; everybody else (players, observers, monitors) reads the shown view. */
export type PressReader = 'master' | 'reader';

/** How the parties of one game are named in press text. */
export interface PressNaming {
  /** "France", "the Master", "an Observer", "POWER#3". */
  senderName(id: PartyId): string;
  /** "France", "the Master", "the Observers", "POWER#3". */
  recipientName(id: PartyId): string;
  /** The letter used in subjects and run-together lists: F, M, O, 3. */
  initial(id: PartyId): string;
}

/** The Master's and the observers' names in press: one observer writes, all of them read. */
export function groupName(group: 'master' | 'observers', as: 'sender' | 'recipient'): string {
  if (group === 'master') return 'the Master';
  return as === 'sender' ? 'an Observer' : 'the Observers';
}

export interface PressPlace {
  readonly game: string;
  readonly phase?: string | null;
  readonly judgeCode?: string;
}

/** "Austria", "Austria and Italy", "Austria, England and Italy". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function sameRecipients(a: PressView, b: PressView): boolean {
  if (a.broadcast || b.broadcast) return a.broadcast === b.broadcast;
  return a.recipients.length === b.recipients.length && a.recipients.every((id, i) => id === b.recipients[i]);
}

function recipientNames(ids: readonly PartyId[], naming: PressNaming): string {
  return joinNames(ids.map((id) => naming.recipientName(id)));
}

/** The first line of a copy of the press. */
export function pressHeader(views: PressViews, reader: PressReader, game: string, naming: PressNaming): string {
  const { shown, truth } = views;
  let line = shown.broadcast ? 'Broadcast message' : 'Message';
  const trueSender = truth.sender === null ? 'nobody' : naming.senderName(truth.sender);
  if (shown.sender === null) {
    if (reader === 'master') line += ` [from ${trueSender}]`;
  } else {
    line += ` from ${naming.senderName(shown.sender)}`;
    if (reader === 'master' && shown.sender !== truth.sender) line += ` [really from ${trueSender}]`;
  }
  if (!shown.broadcast) line += ` to ${recipientNames(shown.recipients, naming)}`;
  if (reader === 'master' && !sameRecipients(shown, truth)) {
    line += truth.broadcast ? ' [really to everyone]' : ` [really to ${recipientNames(truth.recipients, naming)}]`;
  }
  return `${line} in '${game}':`;
}

function initials(ids: readonly PartyId[], naming: PressNaming): string {
  return ids.map((id) => naming.initial(id)).join('');
}

/** "Press from F to AI", "Broadcast from F", "Press to AI", "Broadcast". */
function subjectWhat(view: PressView, naming: PressNaming): string {
  const from = view.sender === null ? '' : ` from ${naming.initial(view.sender)}`;
  return view.broadcast ? `Broadcast${from}` : `Press${from} to ${initials(view.recipients, naming)}`;
}

/** What the readers were shown, for the Master's subject; empty for plain white press. */
function disguise(views: PressViews, naming: PressNaming): string {
  const { shown, truth } = views;
  const parts: string[] = [];
  if (shown.sender === null) parts.push('grey');
  else if (shown.sender !== truth.sender) parts.push(`as ${naming.initial(shown.sender)}`);
  if (!sameRecipients(shown, truth)) parts.push(shown.broadcast ? 'shown as broadcast' : `shown to ${initials(shown.recipients, naming)}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

export function pressSubject(views: PressViews, reader: PressReader, place: PressPlace, naming: PressNaming): string {
  const game = place.judgeCode ? `${place.judgeCode}:${place.game}` : place.game;
  const phase = place.phase ? ` - ${place.phase}` : '';
  const what = reader === 'master' ? `${subjectWhat(views.truth, naming)}${disguise(views, naming)}` : subjectWhat(views.shown, naming);
  return `${game}${phase} ${what}`;
}

/** The text of one copy: its header line, a blank line, the message. */
export function pressBody(header: string, text: string): string {
  return `${header}\n\n${text}`;
}

export interface EchoInput {
  readonly views: PressViews;
  readonly kind: PressKind;
  /** Parties that had at least one reader, canonical order. */
  readonly reached: readonly PartyId[];
  readonly quiet: boolean;
  readonly game: string;
  readonly text: string;
}

/**
 * The sender's confirmation: who got it, then (unless QUIET) the copy as its readers saw it.
 * The sender is told parties, never addresses.
 */
export function pressEcho(input: EchoInput, naming: PressNaming): string {
  const { views, kind } = input;
  const noun = views.truth.broadcast ? 'broadcast' : 'press';
  const label = kind === 'white' ? noun[0]!.toUpperCase() + noun.slice(1) : `${kind === 'grey' ? 'Grey' : 'Fake'} ${noun}`;
  const to = views.truth.broadcast ? 'everyone' : input.reached.map((id) => naming.recipientName(id)).join(', ');
  const line = `${label} sent to ${to}.`;
  if (input.quiet) return line;
  return `${line}\n\n${pressBody(pressHeader(views, 'reader', input.game, naming), verbatim(input.text))}\n\nEnd of message.`;
}
