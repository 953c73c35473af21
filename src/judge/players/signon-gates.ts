import type { SignonGateName } from '../../commands/signon-gate.ts';
import { renderSessionRefusal } from '../../render/session-refusals.ts';
import type { GateAction, UnmetGate } from '../../render/signon-gates.ts';
import { BlockError, type BlockContext } from '../context.ts';
import { civilDisorderRatio, NO_RECORD, onTimeRatio } from './dedication.ts';
import { NO_SIGNON_GATES, type Game, type SignonGates } from '../model.ts';
import type { GamesPort, PlayerRecord } from '../ports.ts';

// njudge's signon gates (njudge.md §3): to JOIN a game or TAKEOVER one of its powers, a player's
// dedication must be at least DEDICATION, their on-time ratio at least ONTIMERAT (a player never
// judged counts as punctual) and their civil-disorder ratio at most RESRAT. njudge's RESRAT check
// divides by started+total, a bug; we use the civil-disorder ratio INFO PLAYER shows.
// Observers, monitors and the Master are never gated: they hold no power. Their words are in
// src/render/signon-gates.ts.

export type GateKey = keyof SignonGates;

export const GATE_KEYS: Readonly<Record<SignonGateName, GateKey>> = {
  DEDICATION: 'minDedication',
  ONTIMERAT: 'minOnTimeRatio',
  RESRAT: 'maxCivilDisorderRatio',
};

/** The gates the record fails, each with the player's own figure. */
function unmetGates(gates: SignonGates, record: PlayerRecord): UnmetGate[] {
  const unmet: UnmetGate[] = [];
  if (gates.minDedication !== null && record.points < gates.minDedication)
    unmet.push({ key: 'minDedication', required: gates.minDedication, points: record.points });
  const onTime = onTimeRatio(record);
  if (gates.minOnTimeRatio !== null && onTime < gates.minOnTimeRatio) {
    unmet.push({ key: 'minOnTimeRatio', required: gates.minOnTimeRatio, ratio: onTime, onTime: record.onTime, total: record.total });
  }
  const civilDisorder = civilDisorderRatio(record);
  if (gates.maxCivilDisorderRatio !== null && civilDisorder > gates.maxCivilDisorderRatio) {
    unmet.push({ key: 'maxCivilDisorderRatio', required: gates.maxCivilDisorderRatio, ratio: civilDisorder, resigned: record.resigned });
  }
  return unmet;
}

/**
 * Refuses the sender's JOIN or TAKEOVER when their record fails a gate. The record counts every
 * game, hidden ones too: it is shown only to its owner, who may see all of it (GET DEDICATION).
 */
export async function requireSignonGates(ctx: BlockContext<Pick<GamesPort, 'playerRecords'>>, game: Game, line: number, action: GateAction): Promise<void> {
  const gates = game.signonGates ?? NO_SIGNON_GATES;
  if (Object.values(GATE_KEYS).every((key) => gates[key] === null)) return;
  const record = (await ctx.tx.playerRecords([ctx.sender])).get(ctx.sender) ?? NO_RECORD;
  const unmet = unmetGates(gates, record);
  if (unmet.length > 0) throw new BlockError(line, renderSessionRefusal({ kind: 'gates-unmet', gameName: game.name, action, unmet }));
}
