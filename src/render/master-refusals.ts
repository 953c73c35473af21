import { didYouMean } from './did-you-mean.ts';

// Why a Master's command (or CREATE, or the Mafia tracker's lines) is refused, by kind: the judge
// decides that and why (src/judge/master/master-commands.ts, time-commands.ts, masters.ts,
// create-game.ts, replacement.ts), these write it. Powers come as the names players read.

/** A game's status as the judge stores it ('forming', 'active', 'completed', …). */
type Status = string;

export type MasterRefusal =
  | { readonly kind: 'master-only'; readonly command: string }
  | { readonly kind: 'needs-signon'; readonly command: string }
  | { readonly kind: 'not-available'; readonly command: string }
  | { readonly kind: 'no-master'; readonly gameName: string }
  | { readonly kind: 'no-game-named'; readonly written: string; readonly listedGames: readonly string[] }
  | { readonly kind: 'invalid-game-name'; readonly written: string }
  | { readonly kind: 'game-exists'; readonly gameName: string }
  | { readonly kind: 'unknown-variant'; readonly variant: string; readonly variants: readonly string[] }
  | { readonly kind: 'create-word-unknown'; readonly word: string }
  | { readonly kind: 'create-word-refused'; readonly word: string; readonly reason: string }
  | { readonly kind: 'unend-first'; readonly gameName: string; readonly status: Status; readonly command: string }
  | { readonly kind: 'not-in-preparation'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'not-processable'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'orders-missing'; readonly powers: readonly string[] }
  | { readonly kind: 'roll-not-in-play'; readonly gameName: string; readonly status: Status; readonly direction: 'back' | 'forward' }
  | { readonly kind: 'roll-no-stored-phase'; readonly gameName: string; readonly phaseId: string }
  | { readonly kind: 'roll-nowhere'; readonly gameName: string; readonly direction: 'back' | 'forward' }
  | { readonly kind: 'roll-wrong-side'; readonly phaseId: string; readonly direction: 'back' | 'forward'; readonly currentPhaseId: string }
  | { readonly kind: 'ended-already'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'not-pausable'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'activate-ended'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'not-activatable'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'other-game-named'; readonly command: 'PURGE' | 'RENAME'; readonly named: string; readonly gameName: string }
  | { readonly kind: 'master-password-needed'; readonly command: 'PURGE' | 'RENAME'; readonly gameName: string }
  | { readonly kind: 'not-purgeable'; readonly gameName: string; readonly status: Status; readonly playersJoined: boolean }
  | { readonly kind: 'no-phase-to-preview'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'not-a-power'; readonly token: string; readonly gameName: string; readonly suggestFrom: readonly string[] }
  | { readonly kind: 'nobody-to-vacate'; readonly gameName: string; readonly status: Status; readonly by: 'resign' | 'eject' }
  | { readonly kind: 'no-player-to'; readonly power: string; readonly action: 'resign' | 'eject' | 'promote' }
  | { readonly kind: 'dummy-already'; readonly power: string }
  | { readonly kind: 'being-played'; readonly power: string }
  | { readonly kind: 'never-played'; readonly power: string }
  | { readonly kind: 'no-power-to-act-for'; readonly gameName: string }
  | { readonly kind: 'not-revealable'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'not-unstartable'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'first-phase-processed'; readonly gameName: string; readonly phaseId: string | null }
  | { readonly kind: 'promote-whom'; readonly gameName: string; readonly token: string }
  | { readonly kind: 'master-already'; readonly address: string; readonly gameName: string }
  | { readonly kind: 'no-password-to-promote'; readonly address: string; readonly gameName: string }
  | { readonly kind: 'last-master'; readonly gameName: string }
  | { readonly kind: 'no-deadline-to-change'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'deadline-not-yours' }
  | { readonly kind: 'deadline-master-only'; readonly gameName: string }
  | { readonly kind: 'deadline-refused'; readonly reason: string }
  | { readonly kind: 'date-unreadable'; readonly command: 'SET DEADLINE' | 'SET GRACE'; readonly written: string; readonly reason: string }
  | { readonly kind: 'grace-extend-only' }
  | { readonly kind: 'no-deadline-to-move'; readonly gameName: string }
  | { readonly kind: 'activate-first'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'not-endable'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'not-unendable'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'absence-not-yours' }
  | { readonly kind: 'game-is'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'absence-refused'; readonly command: 'SET ABSENCE' | 'SET NO ABSENCE'; readonly reason: string }
  | { readonly kind: 'game-zone-needed' }
  | { readonly kind: 'replacement-no-address'; readonly written: string }
  | { readonly kind: 'not-handable'; readonly gameName: string; readonly status: Status }
  | { readonly kind: 'neither-power-nor-player'; readonly old: string; readonly gameName: string }
  | { readonly kind: 'plays-already'; readonly newcomer: string; readonly power: string }
  | { readonly kind: 'plays-in-game'; readonly newcomer: string; readonly gameName: string }
  | { readonly kind: 'newcomer-refused'; readonly newcomer: string; readonly reason: string };

function gameIs(gameName: string, status: Status): string {
  return `Game '${gameName}' is ${status}`;
}

export function renderMasterRefusal(refusal: MasterRefusal): string {
  switch (refusal.kind) {
    case 'master-only':
      return `${refusal.command} is a Master command`;
    case 'needs-signon':
      return `${refusal.command} needs a SIGNON first`;
    case 'not-available':
      return `The Master command ${refusal.command} is not available on this judge yet`;
    case 'no-master':
      return `Game '${refusal.gameName}' has no Master`;
    case 'no-game-named':
      return `There is no game named '${refusal.written}'${didYouMean(refusal.written, refusal.listedGames)}`;
    case 'invalid-game-name':
      return `"${refusal.written}" is not a valid game name: use up to 32 letters, digits, - or _`;
    case 'game-exists':
      return `A game named '${refusal.gameName}' already exists`;
    case 'unknown-variant':
      return `Unknown variant "${refusal.variant}"; this judge has: ${refusal.variants.join(', ')}`;
    case 'create-word-unknown':
      return `CREATE: "${refusal.word}" is neither a variant option this judge knows (GUNBOAT, NOREVEAL) nor refused by name; nothing was created`;
    case 'create-word-refused':
      return `CREATE ${refusal.word.toUpperCase()} is refused: ${refusal.reason}`;
    case 'unend-first':
      return `${gameIs(refusal.gameName, refusal.status)}: UNEND it before ${refusal.command}`;
    case 'not-in-preparation':
      return `${gameIs(refusal.gameName, refusal.status)}, not in preparation`;
    case 'not-processable':
      return `${gameIs(refusal.gameName, refusal.status)}; only an active game can be processed`;
    case 'orders-missing':
      return `Not all orders are in: waiting for ${refusal.powers.join(', ')}. Send PROCESS! to process the phase now, their units holding, retreats disbanding and builds waived`;
    case 'roll-not-in-play': {
      const ended = refusal.status === 'completed' || refusal.status === 'terminated';
      return `${gameIs(refusal.gameName, refusal.status)}; only a game in play can be rolled ${refusal.direction}${ended ? ' (UNEND it first)' : ''}`;
    }
    case 'roll-no-stored-phase':
      return `Game '${refusal.gameName}' has no stored phase ${refusal.phaseId}`;
    case 'roll-nowhere':
      return refusal.direction === 'back'
        ? `Game '${refusal.gameName}' is in its first phase: there is nothing to roll back`
        : `Game '${refusal.gameName}' has no rolled-back phase to roll forward to`;
    case 'roll-wrong-side':
      return `${refusal.phaseId} is not ${refusal.direction === 'back' ? 'before' : 'after'} the current phase ${refusal.currentPhaseId}`;
    case 'ended-already':
      return `${gameIs(refusal.gameName, refusal.status)} already`;
    case 'not-pausable':
      return `${gameIs(refusal.gameName, refusal.status)}; only an active game can be paused`;
    case 'activate-ended':
      return `${gameIs(refusal.gameName, refusal.status)}; UNEND resumes it`;
    case 'not-activatable':
      return `${gameIs(refusal.gameName, refusal.status)}; ACTIVATE resumes a paused or waiting game or starts a forming one`;
    case 'other-game-named':
      return `${refusal.command} names game '${refusal.named}', but you are signed on to '${refusal.gameName}'`;
    case 'master-password-needed':
      return `${refusal.command} needs the Master's password of game '${refusal.gameName}'`;
    case 'not-purgeable':
      return `Game '${refusal.gameName}' cannot be purged: ${refusal.playersJoined ? 'players have joined it' : `it is ${refusal.status}`}. TERMINATE ends it instead`;
    case 'no-phase-to-preview':
      return `${gameIs(refusal.gameName, refusal.status)}: there is no phase to preview`;
    case 'not-a-power':
      return `"${refusal.token}" is not a power of game '${refusal.gameName}'${didYouMean(refusal.token, refusal.suggestFrom)}`;
    case 'nobody-to-vacate':
      return `${gameIs(refusal.gameName, refusal.status)}: there is nobody to ${refusal.by}`;
    case 'no-player-to':
      return `${refusal.power} has no player to ${refusal.action}`;
    case 'dummy-already':
      return `${refusal.power} is a dummy already`;
    case 'being-played':
      return `${refusal.power} is being played`;
    case 'never-played':
      return `${refusal.power} has never had a player; RESIGN ${refusal.power} frees it for TAKEOVER`;
    case 'no-power-to-act-for':
      return `Game '${refusal.gameName}' has not started: there is no power to act for`;
    case 'not-revealable':
      return `${gameIs(refusal.gameName, refusal.status)}; its players are revealed only after it has ended`;
    case 'not-unstartable':
      return `${gameIs(refusal.gameName, refusal.status)}; only a game that has started can go back to forming`;
    case 'first-phase-processed':
      return `Game '${refusal.gameName}' has processed ${refusal.phaseId ?? 'its first phase'} already: only a game still in its first phase can go back to forming (ROLLBACK to the first phase instead)`;
    case 'promote-whom':
      return `PROMOTE names a player or observer of game '${refusal.gameName}' (an address, a power or an observer's name); "${refusal.token}" is none of them`;
    case 'master-already':
      return `${refusal.address} is a Master of game '${refusal.gameName}' already`;
    case 'no-password-to-promote':
      return `${refusal.address} has no password in game '${refusal.gameName}' to sign on as Master with`;
    case 'last-master':
      return `You are the only Master of game '${refusal.gameName}' and cannot leave it without one: PROMOTE another Master first, or hand the game over with TAKEOVER master@${refusal.gameName}`;
    case 'no-deadline-to-change':
      return `${gameIs(refusal.gameName, refusal.status)}: it has no deadline to change`;
    case 'deadline-not-yours':
      return 'Only the Master, or players in PLAYER_DEADLINES games, can change the deadline';
    case 'deadline-master-only':
      return `Only the Master can change the deadline of game '${refusal.gameName}' (it does not have PLAYER_DEADLINES)`;
    case 'deadline-refused':
      return refusal.reason.charAt(0).toUpperCase() + refusal.reason.slice(1);
    case 'date-unreadable':
      return `${refusal.command} ${refusal.written}: ${refusal.reason}`;
    case 'grace-extend-only':
      return 'Players may only extend the grace period';
    case 'no-deadline-to-move':
      return `Game '${refusal.gameName}' has no deadline to move; set one with SET DEADLINE`;
    case 'activate-first':
      return `${gameIs(refusal.gameName, refusal.status)}; ACTIVATE it first`;
    case 'not-endable':
      return `${gameIs(refusal.gameName, refusal.status)}; only a game in play can be ended`;
    case 'not-unendable':
      return `${gameIs(refusal.gameName, refusal.status)}; only a game that has ended can be unended`;
    case 'absence-not-yours':
      return 'Only players and the Master can set absences';
    case 'game-is':
      return gameIs(refusal.gameName, refusal.status);
    case 'absence-refused':
      return `${refusal.command}: ${refusal.reason}`;
    case 'game-zone-needed':
      return "The game always has a zone: give the Master's SET ZONE a zone, e.g. SET ZONE Europe/London";
    case 'replacement-no-address':
      return `Write the new player's address before HAS REPLACED, e.g. alice@example.org HAS REPLACED France; "${refusal.written}" is no address`;
    case 'not-handable':
      return `${gameIs(refusal.gameName, refusal.status)}: only a power of a game in play can be handed to a new player`;
    case 'neither-power-nor-player':
      return `"${refusal.old}" is neither a power of game '${refusal.gameName}' nor the address of one of its players`;
    case 'plays-already':
      return `${refusal.newcomer} already plays ${refusal.power}`;
    case 'plays-in-game':
      return `${refusal.newcomer} already plays in game '${refusal.gameName}'`;
    case 'newcomer-refused':
      // TAKEOVER's refusal speaks to the newcomer; the Master reads it about them.
      return refusal.reason
        .replace(/\byou\b/, refusal.newcomer)
        .replace(/^Your record/, `The record of ${refusal.newcomer}`)
        .replace(/ \(GET DEDICATION shows your record\.\)$/, '');
  }
}
