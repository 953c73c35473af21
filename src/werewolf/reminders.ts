import type { RoleSet } from './definitions.ts';
import { availableActions } from './engine.ts';
import type { AvailableAction, GameState } from './state.ts';

// The reminder some hours before a phase ends: how long before, and what a player has still to
// choose. Pure: the judge schedules it (src/judge/werewolf) and words it (src/render).

/** A reminder goes out 12 hours before the deadline, or half-way through a phase shorter than a day. */
export const REMINDER_LEAD_MINUTES = 12 * 60;

/** How long before the deadline of a phase lasting `phaseMinutes` the reminder goes out. */
export function reminderLeadMinutes(phaseMinutes: number): number {
  return Math.min(REMINDER_LEAD_MINUTES, Math.floor(phaseMinutes / 2));
}

/** An option not chosen yet: a vote not given, an action of the phase's end or the next start with no choice (immediate ones are taken when wanted). */
export function stillOpen(option: AvailableAction): boolean {
  return option.kind === 'vote' ? option.chosen === null : option.timing !== 'Immediate' && option.chosen.length === 0;
}

/** What a living player has still to choose in the phase now open; empty for the dead and those who chose everything. */
export function openChoices(set: RoleSet, state: GameState, player: string): AvailableAction[] {
  if (state.ended !== null || !state.players.some((p) => p.name === player && p.alive)) return [];
  return availableActions(set, state, player).filter(stillOpen);
}
