import type { PhaseTime, RoleSet } from './definitions.ts';
import type { Phase } from './state.ts';

// Phases alternate Night n, Day n, Night n+1 …; a game that opens on Day 0 goes on with Night 1.

export function phaseAt(roleSet: Pick<RoleSet, 'firstPhase'>, index: number): Phase {
  let { time, number } = roleSet.firstPhase;
  for (let i = 0; i < index; i += 1) {
    if (time === 'Night') time = 'Day';
    else {
      time = 'Night';
      number += 1;
    }
  }
  return { time, number };
}

export function otherTime(time: PhaseTime): PhaseTime {
  return time === 'Night' ? 'Day' : 'Night';
}

export function phaseName(phase: Phase): string {
  return `${phase.time} ${phase.number}`;
}
