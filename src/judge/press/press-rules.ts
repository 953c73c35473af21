import { hasRule, type Game, type SeatRole } from '../model.ts';
import type { PressRefusal } from '../../render/session-refusals.ts';
import type { PressKind, PressStanding } from './press-types.ts';

// The game's press rules (DPjudge's "press checks") as one function. The Master is bound by
// none of them, and press to the Master alone is always allowed, so neither reaches here.
// Refusals are typed reasons; src/render/session-refusals.ts words them.

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
function partialPressBan(game: PressGame): PressRefusal | null {
  switch (game.status) {
    case 'preparation':
    case 'forming':
      return { kind: 'partial-before-start' };
    case 'completed':
    case 'terminated':
      return { kind: 'partial-after-end' };
    case 'active':
    case 'waiting':
      return hasRule(game, 'PUBLIC_PRESS') ? { kind: 'public-press' } : null;
  }
}

/** Why the game forbids the press, or null when it may go. */
export function pressRuleViolation(game: PressGame, request: PressRequest): PressRefusal | null {
  if (request.senderRole === 'monitor') return { kind: 'monitor' };
  if (request.senderRole === 'observer' && hasRule(game, 'MUTE_OBSERVERS')) {
    return { kind: 'mute-observers' };
  }
  if (request.senderRole === 'observer' && hasRule(game, 'WHITE_OBSERVERS') && request.kind !== 'white') {
    return { kind: 'white-observers' };
  }
  if (hasRule(game, 'NO_PRESS')) return { kind: 'no-press' };
  const missing = request.standing?.ordersMissing === true;
  if (missing && hasRule(game, 'NO_LATE_PRESS') && request.standing?.afterDeadline === true) {
    return { kind: 'late-orders' };
  }
  if (missing && hasRule(game, 'MUST_ORDER')) return { kind: 'must-order' };
  if (!request.broadcast) {
    const ban = partialPressBan(game);
    if (ban) return ban;
  }
  const fakePress = hasRule(game, 'FAKE_PRESS');
  if (request.kind === 'grey' && !(hasRule(game, 'GREY_PRESS') || hasRule(game, 'WHITE_GREY') || fakePress)) {
    return { kind: 'no-grey' };
  }
  if (request.explicitWhite && hasRule(game, 'GREY_PRESS') && !hasRule(game, 'WHITE_GREY')) {
    return { kind: 'only-grey' };
  }
  if ((request.kind === 'fake' || request.fakeRecipients) && !fakePress) {
    return { kind: 'no-fake' };
  }
  return null;
}
