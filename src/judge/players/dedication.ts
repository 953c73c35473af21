import type { PhaseId } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import { hasRule, type Game } from '../model.ts';
import { owesOrders } from '../diplomacy/order-set.ts';
import type { DedicationChange, DedicationPorts, PhaseRecord, PlayerRecord, SeatRecord, StoredOrders } from '../ports.ts';

// Dedication and ratings as njudge keeps them (njudge.md §3). Each phase is judged for
// punctuality once: at its first late notice (late players −1, punctual ones +3), or, with no
// late notice, when it is processed within an hour of the deadline (+3 to whoever owed orders).
// Abandoning a power costs 49 points and civil disorder 100, each also counting as a
// resignation. The records live on each holder's stint of a seat (the store sums them per
// address), beside the late counts markLate keeps.

export const DEDICATION_POINTS = { onTime: 3, late: -1, abandoned: -49, civilDisorder: -100 } as const;

const HOUR_MS = 3_600_000;

/** ontime/total; a player never judged counts as perfectly punctual (0/0 = 1). */
export function onTimeRatio(record: Pick<PlayerRecord, 'onTime' | 'total'>): number {
  return record.total === 0 ? 1 : record.onTime / record.total;
}

/** resigned/(started+tookover), at most 1; 0 for a player who never held a power. */
export function civilDisorderRatio(record: Pick<PlayerRecord, 'resigned' | 'started' | 'tookOver'>): number {
  const held = record.started + record.tookOver;
  if (held === 0) return record.resigned > 0 ? 1 : 0;
  return Math.min(1, record.resigned / held);
}

export const NO_RECORD: PlayerRecord = { points: 0, onTime: 0, total: 0, started: 0, tookOver: 0, resigned: 0 };

/**
 * The phase's first late notice: the late players lose a point and are counted late, everyone
 * who owed orders and had them in gains three. Later notices of the same phase change nothing.
 */
export async function judgeLatePhase(
  tx: DedicationPorts,
  game: Pick<Game, 'id' | 'rules'>,
  phaseId: PhaseId,
  punctual: readonly SeatRecord[],
  late: readonly SeatRecord[],
  now: Date,
): Promise<void> {
  if (!(await tx.judgePunctuality(game.id, phaseId, now))) return;
  // njudge's NO LATE COUNT: lateness is neither counted on the seat nor charged to the player.
  const counted = hasRule(game, 'NO_LATE_COUNT') ? [] : late;
  await tx.markLate(counted.map((s) => s.id));
  await tx.addDedication([
    ...counted.map((s): DedicationChange => ({ seatId: s.id, points: DEDICATION_POINTS.late, late: 1 })),
    ...punctual.map((s): DedicationChange => ({ seatId: s.id, points: DEDICATION_POINTS.onTime, onTime: 1 })),
  ]);
}

/**
 * When a phase is processed: if no late notice went out and it is within an hour of the deadline
 * (or the game has none), every player who owed orders and had a complete set in is punctual.
 * Powers in civil disorder, dummies and vacant seats earn nothing.
 */
export async function creditPunctualTurn(
  tx: DedicationPorts,
  game: Pick<Game, 'id' | 'deadline'>,
  variant: Variant,
  phase: PhaseRecord,
  stored: readonly StoredOrders[],
  seats: readonly SeatRecord[],
  now: Date,
): Promise<void> {
  if (game.deadline !== null && now.getTime() >= game.deadline.getTime() + HOUR_MS) return;
  if (!(await tx.judgePunctuality(game.id, phase.phaseId, now))) return;
  const complete = new Set(stored.filter((o) => o.submitted && !o.hasErrors).map((o) => o.power));
  const punctual = seats.filter(
    (s) => s.role === 'power' && s.status === 'active' && s.power !== null && complete.has(s.power) && owesOrders(variant, phase.position, s.power),
  );
  await tx.addDedication(punctual.map((s) => ({ seatId: s.id, points: DEDICATION_POINTS.onTime, onTime: 1 })));
}

/** Declared abandoned: −49 and one more resignation. */
export async function chargeAbandonment(tx: DedicationPorts, seats: readonly SeatRecord[]): Promise<void> {
  await tx.addDedication(seats.map((s) => ({ seatId: s.id, points: DEDICATION_POINTS.abandoned, resigned: 1 })));
}

/** Civil disorder: −100 and one more resignation (after an abandonment, a second one). */
export async function chargeCivilDisorder(tx: DedicationPorts, seats: readonly SeatRecord[]): Promise<void> {
  await tx.addDedication(seats.map((s) => ({ seatId: s.id, points: DEDICATION_POINTS.civilDisorder, resigned: 1 })));
}

/** The game starts: each player's stint counts as a game started (dummies have no player). */
export async function countGameStart(tx: DedicationPorts, seats: readonly SeatRecord[]): Promise<void> {
  await tx.addDedication(seats.filter((s) => s.role === 'power' && s.power !== null && s.status === 'active').map((s) => ({ seatId: s.id, started: 1 })));
}

/** A vacated power is taken over (by a newcomer or by its own returning player). */
export async function countTakeover(tx: DedicationPorts, seatId: number): Promise<void> {
  await tx.addDedication([{ seatId, tookOver: 1 }]);
}
