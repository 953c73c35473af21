import { hasRule, type Game, type SeatRole } from '../model.ts';
import type { PressKind, PressStanding } from './press-types.ts';

// The game's press rules (DPjudge's "press checks") as one function. The Master is bound by
// none of them, and press to the Master alone is always allowed, so neither reaches here.
// Refusals are sentence fragments; plan-press.ts prefixes them with "Press refused: ".

export interface PressRequest {
  readonly senderRole: Exclude<SeatRole, 'master'>;
  readonly kind: PressKind;
  /** The player wrote WHITE (rather than getting white press by default). */
  readonly explicitWhite: boolean;
  /** FAKE TO … or FAKE BROADCAST was given. */
  readonly fakeRecipients: boolean;
  /** The press really goes to everyone (BROADCAST or TO ALL; TO ALL BUT is partial). */
  readonly broadcast: boolean;
  /** Where the sending power stands with its orders; absent: it owes none. */
  readonly standing?: PressStanding;
}

export type PressGame = Pick<Game, 'status' | 'rules'>;

/** White press is the default unless GREY_PRESS makes everyone anonymous. */
export function defaultPressKind(game: PressGame): 'white' | 'grey' {
  return hasRule(game, 'GREY_PRESS') ? 'grey' : 'white';
}

/** DPjudge forces PUBLIC_PRESS before the game starts and after it ends. */
function partialPressBan(game: PressGame): string | null {
  switch (game.status) {
    case 'preparation':
    case 'forming':
      return 'until the game starts, press must be a broadcast or go to the Master alone.';
    case 'completed':
    case 'terminated':
      return 'now that the game is over, press must be a broadcast or go to the Master alone.';
    case 'active':
    case 'waiting':
      return hasRule(game, 'PUBLIC_PRESS') ? 'this game allows only broadcasts and press to the Master (PUBLIC_PRESS).' : null;
  }
}

/** Why the game forbids the press, or null when it may go. */
export function pressRuleViolation(game: PressGame, request: PressRequest): string | null {
  if (request.senderRole === 'monitor') return 'monitors may write only to the Master.';
  if (request.senderRole === 'observer' && hasRule(game, 'MUTE_OBSERVERS')) {
    return 'observers may write only to the Master in this game (MUTE_OBSERVERS).';
  }
  if (request.senderRole === 'observer' && hasRule(game, 'WHITE_OBSERVERS') && request.kind !== 'white') {
    return 'observers may send white press only in this game (SET OBSERVER WHITE).';
  }
  if (hasRule(game, 'NO_PRESS')) return 'this game allows press only to the Master (NO_PRESS).';
  const missing = request.standing?.ordersMissing === true;
  if (missing && hasRule(game, 'NO_LATE_PRESS') && request.standing?.afterDeadline === true) {
    return 'your orders are late: until they are in you may write only to the Master (NO LATE PRESS).';
  }
  if (missing && hasRule(game, 'MUST_ORDER')) return 'this game lets a power send press only once its orders are in (MUST ORDER); you may write to the Master.';
  if (!request.broadcast) {
    const ban = partialPressBan(game);
    if (ban) return ban;
  }
  const fakePress = hasRule(game, 'FAKE_PRESS');
  if (request.kind === 'grey' && !(hasRule(game, 'GREY_PRESS') || hasRule(game, 'WHITE_GREY') || fakePress)) {
    return 'grey press is not allowed in this game.';
  }
  if (request.explicitWhite && hasRule(game, 'GREY_PRESS') && !hasRule(game, 'WHITE_GREY')) {
    return 'this game allows only grey press (GREY_PRESS); leave out WHITE.';
  }
  if ((request.kind === 'fake' || request.fakeRecipients) && !fakePress) {
    return 'fake press is not allowed in this game (it needs FAKE_PRESS).';
  }
  return null;
}
