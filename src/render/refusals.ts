// The reasons a command is refused, by kind: the judge decides that and why, these write it
// (renderRefusedBlock then puts each under its line). Moved here module by module; the commands
// not yet moved still write their reason where they refuse.

export type Refusal =
  | { readonly kind: 'game-name-missing' }
  | { readonly kind: 'map-not-started'; readonly gameName: string }
  /** A Diplomacy information command (HISTORY, SUMMARY, MAP) asked of a game of another kind. */
  | { readonly kind: 'not-for-kind'; readonly command: string; readonly gameName: string; readonly gameKind: string }
  | { readonly kind: 'map-no-phase'; readonly gameName: string; readonly phase: string; readonly phases: readonly string[] }
  | { readonly kind: 'map-not-drawn'; readonly gameName: string; readonly variantTitle: string }
  | { readonly kind: 'history-no-phase'; readonly gameName: string; readonly phase: string; readonly phases: readonly string[] }
  | { readonly kind: 'unknown-setting'; readonly spelled: string }
  | { readonly kind: 'option-master-only'; readonly gameName: string; readonly optionTitle: string; readonly moderated: boolean }
  | { readonly kind: 'rule-master-only'; readonly gameName: string; readonly rule: string }
  | HistoryOptionsRefusal;

/** Why the words after `HISTORY game` cannot be read. */
export type HistoryOptionsRefusal =
  | { readonly kind: 'history-word-unknown'; readonly written: string }
  | { readonly kind: 'history-word-twice'; readonly word: string }
  | { readonly kind: 'history-value-missing'; readonly word: string }
  | { readonly kind: 'history-broad-value'; readonly value: string }
  | { readonly kind: 'history-dates-and-phases' }
  | { readonly kind: 'history-exclend-alone' }
  | { readonly kind: 'history-date'; readonly word: string; readonly written: string; readonly reason: string }
  | { readonly kind: 'history-to-before-from' }
  | { readonly kind: 'history-phase-unreadable'; readonly word: string; readonly written: string }
  | { readonly kind: 'history-lines'; readonly written: string; readonly max: number };

/** The kinds of game by the name players know them by. */
const KIND_TITLES: Readonly<Record<string, string>> = { diplomacy: 'Diplomacy', mafia: 'Mafia', werewolf: 'werewolf' };

export function renderRefusal(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'game-name-missing':
      return 'Which game? Write the game name after the command';
    case 'not-for-kind':
      return `${refusal.command} is for Diplomacy games; '${refusal.gameName}' is a ${KIND_TITLES[refusal.gameKind] ?? refusal.gameKind} game: LIST ${refusal.gameName} shows where it stands`;
    case 'map-not-started':
      return `Game '${refusal.gameName}' has not started: there is no map to draw yet`;
    case 'map-no-phase':
      return `Game '${refusal.gameName}' has no phase ${refusal.phase}; its phases: ${refusal.phases.join(', ')}`;
    case 'map-not-drawn':
      return `The ${refusal.variantTitle} map has no drawing on this judge, so game '${refusal.gameName}' cannot be drawn`;
    case 'history-no-phase':
      return `Game '${refusal.gameName}' has no phase ${refusal.phase}${refusal.phases.length > 0 ? `; its phases: ${refusal.phases.join(', ')}` : ' yet'}`;
    case 'history-word-unknown':
      return `HISTORY takes FROM date, TO date, LINES n, EXCLSTART phase, EXCLEND phase and BROAD after the game name, not "${refusal.written}"`;
    case 'history-word-twice':
      return `HISTORY: ${refusal.word} is written twice`;
    case 'history-value-missing':
      return `HISTORY: ${refusal.word} needs ${refusal.word === 'LINES' ? 'a number' : refusal.word.startsWith('EXCL') ? 'a phase, e.g. S1901M' : 'a date, e.g. 12 Jan 2004'} after it`;
    case 'history-broad-value':
      return `HISTORY: BROAD takes nothing after it, not "${refusal.value}"`;
    case 'history-dates-and-phases':
      return 'HISTORY takes either FROM/TO dates or EXCLSTART/EXCLEND phases, not both';
    case 'history-exclend-alone':
      return 'HISTORY: EXCLEND and BROAD go with EXCLSTART phase';
    case 'history-date':
      return `HISTORY ${refusal.word} ${refusal.written}: ${refusal.reason}`;
    case 'history-to-before-from':
      return 'HISTORY: the TO date is before the FROM date';
    case 'history-phase-unreadable':
      return `HISTORY ${refusal.word} takes a phase such as S1901M or F1901R, not "${refusal.written}"`;
    case 'history-lines':
      return `HISTORY: LINES takes a number of lines from 1 to ${refusal.max}, not "${refusal.written}"`;
    case 'unknown-setting':
      return `${refusal.spelled.split(' ').slice(0, 2).join(' ')} is not a setting this judge knows; HELP lists the game options`;
    case 'option-master-only':
      return `Only the Master can change ${refusal.optionTitle.toLowerCase()} in game '${refusal.gameName}'${refusal.moderated ? ' (players can in UNMODERATED games)' : ''}`;
    case 'rule-master-only':
      return `Only the Master can change the rule ${refusal.rule} of game '${refusal.gameName}'`;
  }
}
