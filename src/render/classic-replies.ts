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
export function renderNoFormingGame(wanted: { readonly variant: string; readonly gunboat: boolean }): string {
  const kind = `${wanted.gunboat ? 'gunboat ' : ''}${wanted.variant}`;
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
