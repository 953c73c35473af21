// The words of njudge's remaining player and Master settings (issue 29): a reader's own choice of
// press (SET [NO] BROADCAST, SET ALL|NORMAL PRESS), POSTAL PRESS, SET START and SET APPROVE. The judge
// decides (src/judge/press/reader-press.ts, postal-press.ts, src/judge/clock/time-commands.ts,
// src/judge/master/approval.ts); these write.

export type ClassicReply =
  | { readonly kind: 'broadcasts'; readonly gameName: string; readonly receive: boolean }
  | { readonly kind: 'all-press'; readonly gameName: string; readonly on: boolean }
  | { readonly kind: 'postal-queued'; readonly gameName: string; readonly phaseId: string; readonly waiting: number }
  | { readonly kind: 'start-set'; readonly gameName: string; readonly phaseId: string; readonly start: string }
  | { readonly kind: 'approval'; readonly gameName: string; readonly powers: readonly string[]; readonly approved: boolean };

export function renderClassicReply(reply: ClassicReply): string {
  switch (reply.kind) {
    case 'broadcasts':
      return reply.receive
        ? `You will receive the broadcasts of game '${reply.gameName}' again.`
        : `You will no longer receive the players' and observers' broadcasts of game '${reply.gameName}' (the Master's still reach you); SET BROADCAST undoes it.`;
    case 'all-press':
      return reply.on
        ? `You will now get a silent copy of all partial press in game '${reply.gameName}'; SET NORMAL PRESS stops it.`
        : `You will get only the press sent to you in game '${reply.gameName}' again.`;
    case 'postal-queued':
      return (
        `Your postal press will go to everyone in game '${reply.gameName}' with the results of ${reply.phaseId}.` +
        (reply.waiting > 1 ? ` ${reply.waiting} postal press messages are waiting for them.` : '')
      );
    case 'start-set':
      return `Game '${reply.gameName}': ${reply.phaseId} will not be processed before ${reply.start}.`;
    case 'approval':
      return reply.approved
        ? `Game '${reply.gameName}': ${listed(reply.powers)} ${reply.powers.length === 1 ? 'is' : 'are'} approved and may send orders.`
        : `Game '${reply.gameName}': ${listed(reply.powers)} ${reply.powers.length === 1 ? 'is' : 'are'} not approved: orders are refused until SET APPROVE.`;
  }
}

export type ClassicRefusal =
  | { readonly kind: 'all-press-not-yours'; readonly gameName: string }
  | { readonly kind: 'broadcasts-not-yours' }
  | { readonly kind: 'postal-not-allowed'; readonly gameName: string }
  | { readonly kind: 'postal-no-phase'; readonly gameName: string }
  | { readonly kind: 'postal-empty' }
  | { readonly kind: 'postal-options'; readonly words: string }
  | { readonly kind: 'postal-not-yours'; readonly why: 'monitor' | 'mute-observers' }
  | { readonly kind: 'postal-needs-signon' }
  | { readonly kind: 'start-not-yours'; readonly gameName: string }
  | { readonly kind: 'start-no-phase'; readonly gameName: string }
  | { readonly kind: 'start-unreadable'; readonly written: string; readonly reason: string }
  | { readonly kind: 'approve-not-yours' }
  | { readonly kind: 'approve-needs-powers' }
  | { readonly kind: 'approve-unknown-power'; readonly token: string }
  | { readonly kind: 'not-approved'; readonly gameName: string; readonly power: string };

export function renderClassicRefusal(refusal: ClassicRefusal): string {
  switch (refusal.kind) {
    case 'all-press-not-yours':
      return `SET ALL PRESS is for the Master of game '${refusal.gameName}' (and its observers when the game has WATCH ALL PRESS)`;
    case 'broadcasts-not-yours':
      return 'SET [NO] BROADCAST needs a seat in the game: a player, an observer or the Master';
    case 'postal-not-allowed':
      return `game '${refusal.gameName}' has no postal press; the Master allows it with SET POSTAL PRESS`;
    case 'postal-no-phase':
      return `game '${refusal.gameName}' is not being played: postal press goes out with a phase's results`;
    case 'postal-empty':
      return 'POSTAL PRESS needs a text, up to ENDPRESS';
    case 'postal-options':
      return `POSTAL PRESS takes no options ("${refusal.words}"): it always goes to everyone in the game`;
    case 'postal-not-yours':
      return refusal.why === 'monitor' ? 'monitors may not send press' : 'observers may write only to the Master in this game';
    case 'postal-needs-signon':
      return 'POSTAL PRESS needs a SIGNON first';
    case 'start-not-yours':
      return `only the Master of game '${refusal.gameName}' (or, in an unmoderated game, a player) may SET START`;
    case 'start-no-phase':
      return `game '${refusal.gameName}' has no phase in play to set the start of`;
    case 'start-unreadable':
      return `SET START: "${refusal.written}" is not a date I can read (${refusal.reason})`;
    case 'approve-not-yours':
      return 'only the Master approves players (SET APPROVE powers, SET NOT APPROVE powers)';
    case 'approve-needs-powers':
      return 'SET APPROVE needs the powers to approve, e.g. SET APPROVE FG';
    case 'approve-unknown-power':
      return `SET APPROVE: "${refusal.token}" is not a power of this game`;
    case 'not-approved':
      return `${refusal.power} is not approved yet in game '${refusal.gameName}': orders are refused until the Master's SET APPROVE`;
  }
}

/** The first line of a postal press as everyone reads it. */
export function postalPressHeader(gameName: string, phaseId: string, sender: string | null): string {
  return sender === null ? `Postal press in '${gameName}' (${phaseId}):` : `Postal press from ${sender} in '${gameName}' (${phaseId}):`;
}

/** The subject of a postal press: njudge's broadcast subject with the phase it was written in. */
export function postalPressTitle(senderInitial: string | null): string {
  return senderInitial === null ? 'Postal Press' : `Postal Press from ${senderInitial}`;
}

/** The notice of a start the Master moved. */
export function renderStartNotice(gameName: string, phaseId: string, start: string): string {
  return `The Master has set the start of ${phaseId} in game '${gameName}': it will not be processed before ${start}.`;
}

function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** njudge's SIGN ON ? found no forming game to enter. */
export function renderNoFormingGame(variant: string, options: readonly string[]): string {
  const kind = [...options.map((o) => o.toLowerCase()), variant].join(' ');
  return `SIGN ON ? found no ${kind} game taking players that is open to all; LIST shows the games forming (SIGN ON ?game password joins one by name, with its privacy word if it is private)`;
}

/** The subject of the notice that AUTO CREATE made the next game of a series. */
export function autoCreatedTitle(newGame: string): string {
  return `Game created: ${newGame}`;
}

/** njudge's AUTO CREATE: the ended game's followers are told of the game made after it. */
export function renderAutoCreated(notice: { readonly gameName: string; readonly newGame: string; readonly variantTitle: string }): string {
  return (
    `Game '${notice.gameName}' was set to AUTO CREATE: game '${notice.newGame}' (${notice.variantTitle}) is now forming with the same settings and Master, ` +
    `unlisted. To play again, send JOIN ${notice.newGame} <password>; LIST ${notice.newGame} shows it.`
  );
}

/** One diary entry as its writer lists or reads it, or as everyone reads it at the end. */
export interface DiaryEntryText {
  readonly number: number;
  /** When it was written, as the reader reads dates. */
  readonly written: string;
  readonly body: string;
}

export type DiaryReply =
  | { readonly kind: 'recorded'; readonly gameName: string; readonly number: number }
  | { readonly kind: 'list'; readonly gameName: string; readonly entries: readonly DiaryEntryText[] }
  | { readonly kind: 'read'; readonly gameName: string; readonly entry: DiaryEntryText }
  | { readonly kind: 'deleted'; readonly gameName: string; readonly numbers: readonly number[] };

export function renderDiaryReply(reply: DiaryReply): string {
  switch (reply.kind) {
    case 'recorded':
      return `Diary entry ${reply.number} recorded in game '${reply.gameName}'; your diary goes to everyone in the game when it ends.`;
    case 'list':
      return reply.entries.length === 0
        ? `You have no diary entries in game '${reply.gameName}'.`
        : `Your diary entries in game '${reply.gameName}':\n${reply.entries.map((e) => `  ${String(e.number).padStart(3)}  ${e.written}  ${firstLine(e.body)}`).join('\n')}`;
    case 'read':
      return `Diary entry ${reply.entry.number} in game '${reply.gameName}', written ${reply.entry.written}:\n\n${reply.entry.body}`;
    case 'deleted':
      return `Diary ${reply.numbers.length === 1 ? 'entry' : 'entries'} ${reply.numbers.join(', ')} deleted from your diary in game '${reply.gameName}'.`;
  }
}

export type DiaryRefusal =
  | { readonly kind: 'not-a-player' }
  | { readonly kind: 'game-over'; readonly gameName: string }
  | { readonly kind: 'empty' }
  | { readonly kind: 'needs-number'; readonly action: 'READ' | 'DELETE' }
  | { readonly kind: 'no-entry'; readonly gameName: string; readonly numbers: readonly number[] }
  | { readonly kind: 'unknown'; readonly written: string };

export function renderDiaryRefusal(refusal: DiaryRefusal): string {
  switch (refusal.kind) {
    case 'not-a-player':
      return "DIARY is for the game's players: only a power's player keeps one";
    case 'game-over':
      return `game '${refusal.gameName}' is over: its diaries have been sent`;
    case 'empty':
      return 'DIARY RECORD needs a text, up to ENDPRESS';
    case 'needs-number':
      return refusal.action === 'READ'
        ? 'DIARY READ needs the number of an entry, e.g. DIARY READ 2 (DIARY LIST shows them)'
        : 'DIARY DELETE needs the numbers of entries, e.g. DIARY DELETE 2 3 (DIARY LIST shows them)';
    case 'no-entry':
      return `your diary in game '${refusal.gameName}' has no entry ${refusal.numbers.join(', ')} (DIARY LIST shows them)`;
    case 'unknown':
      return `DIARY ${refusal.written}: write DIARY [RECORD], DIARY LIST, DIARY READ n or DIARY DELETE n`;
  }
}

/** The mail that tells everyone the diaries of a game that has ended: each power's entries in order. */
export function renderDiaries(gameName: string, diaries: readonly { readonly power: string; readonly entries: readonly DiaryEntryText[] }[]): string {
  const parts = diaries.flatMap((diary) => diary.entries.map((e) => `${diary.power}, entry ${e.number} (${e.written}):\n\n${e.body}`));
  return `The diaries kept in game '${gameName}', now that it is over:\n\n${parts.join('\n\n')}`;
}

/** The subject of the diaries' mail. */
export const DIARIES_TITLE = 'Diaries';

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 50 ? `${line.slice(0, 47)}...` : line;
}
