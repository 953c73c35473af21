import type { SignonGateName } from '../commands/signon-gate.ts';
import { BlockError, type BlockContext } from './context.ts';
import { civilDisorderRatio, NO_RECORD, onTimeRatio } from './dedication.ts';
import { NO_SIGNON_GATES, type Game, type SignonGates } from './model.ts';
import type { GamesPort, PlayerRecord } from './ports.ts';

// njudge's signon gates (njudge.md §3): to JOIN a game or TAKEOVER one of its powers, a player's
// dedication must be at least DEDICATION, their on-time ratio at least ONTIMERAT (a player never
// judged counts as punctual) and their civil-disorder ratio at most RESRAT. njudge's RESRAT check
// divides by started+total, a bug; we use the civil-disorder ratio INFO PLAYER shows.
// Observers, monitors and the Master are never gated: they hold no power.

export type GateKey = keyof SignonGates;

export const GATE_KEYS: Readonly<Record<SignonGateName, GateKey>> = { DEDICATION: 'minDedication', ONTIMERAT: 'minOnTimeRatio', RESRAT: 'maxCivilDisorderRatio' };

const GATE_ORDER: readonly GateKey[] = ['minDedication', 'minOnTimeRatio', 'maxCivilDisorderRatio'];

/** "92.5%": ratios are shown as percentages, to one decimal at most. */
export function percent(ratio: number): string {
  return `${Math.round(ratio * 1000) / 10}%`;
}

/** What the gate asks of a player, e.g. "an on-time ratio of at least 90%". */
export function requirementText(key: GateKey, value: number): string {
  switch (key) {
    case 'minDedication':
      return `a dedication of at least ${value} points`;
    case 'minOnTimeRatio':
      return `an on-time ratio of at least ${percent(value)}`;
    case 'maxCivilDisorderRatio':
      return `a civil-disorder ratio of at most ${percent(value)}`;
  }
}

/** The name of the requirement alone, for its removal. */
export function gateTitle(key: GateKey): string {
  switch (key) {
    case 'minDedication':
      return 'minimum dedication';
    case 'minOnTimeRatio':
      return 'minimum on-time ratio';
    case 'maxCivilDisorderRatio':
      return 'maximum civil-disorder ratio';
  }
}

/** One sentence naming every gate set, or null when there are none (LIST game). */
export function gatesText(gates: SignonGates | undefined): string | null {
  const set = GATE_ORDER.flatMap((key) => {
    const value = (gates ?? NO_SIGNON_GATES)[key];
    return value === null ? [] : [requirementText(key, value)];
  });
  return set.length === 0 ? null : `To join or take over a power, players need ${joinAnd(set)}.`;
}

/** The gates the record fails, each with the player's own figure. */
export function unmetGates(gates: SignonGates, record: PlayerRecord): string[] {
  const unmet: string[] = [];
  if (gates.minDedication !== null && record.points < gates.minDedication) unmet.push(`${requirementText('minDedication', gates.minDedication)}; yours is ${record.points}`);
  const onTime = onTimeRatio(record);
  if (gates.minOnTimeRatio !== null && onTime < gates.minOnTimeRatio) {
    unmet.push(`${requirementText('minOnTimeRatio', gates.minOnTimeRatio)}; yours is ${percent(onTime)} (${record.onTime} of ${record.total} phases on time)`);
  }
  const civilDisorder = civilDisorderRatio(record);
  if (gates.maxCivilDisorderRatio !== null && civilDisorder > gates.maxCivilDisorderRatio) {
    unmet.push(`${requirementText('maxCivilDisorderRatio', gates.maxCivilDisorderRatio)}; yours is ${percent(civilDisorder)} (${record.resigned} abandoned or in civil disorder)`);
  }
  return unmet;
}

/**
 * Refuses the sender's JOIN or TAKEOVER when their record fails a gate. The record counts every
 * game, hidden ones too: it is shown only to its owner, who may see all of it (GET DEDICATION).
 */
export async function requireSignonGates(ctx: BlockContext<Pick<GamesPort, 'playerRecords'>>, game: Game, line: number, action: 'join' | 'take over a power in'): Promise<void> {
  const gates = game.signonGates ?? NO_SIGNON_GATES;
  if (GATE_ORDER.every((key) => gates[key] === null)) return;
  const record = (await ctx.tx.playerRecords([ctx.sender])).get(ctx.sender) ?? NO_RECORD;
  const unmet = unmetGates(gates, record);
  if (unmet.length > 0) throw new BlockError(line, `Your record does not meet what game '${game.name}' asks of players who ${action} it: ${unmet.join('; and ')}. (GET DEDICATION shows your record.)`);
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
