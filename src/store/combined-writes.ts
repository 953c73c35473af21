import type { GameJob, StorageChange } from '../judge/ports.ts';
import type { PhaseId } from '../engine/types.ts';

// A unit of work's held writes, as the store runs them: some neighbours are one statement instead
// of two, with the same effect on the tables. A processed turn (every deadline of a storm) writes
//   judgePunctuality(old) … savePhase(new) updateGame setPhaseDeadline(new) cancelJobs scheduleJobs … recordResults(old)
// and of those, three pairs are merged:
//   - savePhase(P) … setPhaseDeadline(P, d)   → savePhase(P) with deadline d (its insert writes deadline_at);
//   - cancelJobs(g) scheduleJobs(jobs of g)  → replaceJobs: the game's other open jobs deleted and the
//     new ones upserted by their dedupe keys, in one statement (the two never touch one row);
//   - judgePunctuality(P, at) … recordResults(P) → recordResults setting punctuality_judged_at where unset.
// A pair is merged only when nothing between its two writes touches the same phase row (writes to
// other tables, other phases of the game, or other games may stand between them).

export type CombinedWrite =
  | { readonly kind: 'change'; readonly change: StorageChange }
  | { readonly kind: 'replaceJobs'; readonly gameId: number; readonly jobs: readonly GameJob[] }
  | {
      readonly kind: 'recordResults';
      readonly args: Extract<StorageChange, { kind: 'recordResults' }>['args'];
      /** The phase's punctuality judged at this time, unless it already was. */
      readonly punctualityAt: Date;
    };

/** Kinds that never write a row of `phases`. */
const OFF_PHASES: ReadonlySet<StorageChange['kind']> = new Set([
  'updateGame',
  'updateSeat',
  'markLate',
  'addDedication',
  'cancelJobs',
  'cancelJob',
  'scheduleJob',
  'scheduleJobs',
  'enqueueMail',
  'archiveNotice',
  'archivePress',
  'markInbound',
]);

/** Whether `change` may write the phase row (gameId, phaseId). */
function touchesPhase(change: StorageChange, gameId: number, phaseId: PhaseId): boolean {
  if (OFF_PHASES.has(change.kind)) return false;
  switch (change.kind) {
    case 'savePhase':
      return change.args[0] === gameId && change.args[1].phaseId === phaseId;
    case 'setPhaseDeadline':
    case 'recordResults':
    case 'judgePunctuality':
      return change.args[0] === gameId && change.args[1] === phaseId;
    case 'discardPhasesAfter':
      // It may delete the row, which leaves either pair's outcome the same: no row.
      return false;
    default:
      // Anything else (a phase discarded, orders saved, a seat's holder changed …) is taken to touch it.
      return true;
  }
}

/** The writes in order, with the pairs above merged. */
export function combineWrites(given: readonly StorageChange[]): CombinedWrite[] {
  const changes = [...given];
  const out: (CombinedWrite | null)[] = changes.map((change) => ({ kind: 'change', change }));
  for (let index = 0; index < changes.length; index++) {
    const change = changes[index]!;
    if (change.kind === 'setPhaseDeadline') {
      const [gameId, phaseId, deadline] = change.args;
      const at = earlierWrite(changes, out, index, gameId, phaseId, 'savePhase');
      if (at === null) continue;
      const saved = changes[at] as Extract<StorageChange, { kind: 'savePhase' }>;
      const merged: StorageChange = { kind: 'savePhase', args: [gameId, { ...saved.args[1], deadline }] };
      out[at] = { kind: 'change', change: merged };
      // A later write may merge with the merged one.
      changes[at] = merged;
      out[index] = null;
    } else if (change.kind === 'recordResults') {
      const [gameId, phaseId] = change.args;
      const at = earlierWrite(changes, out, index, gameId, phaseId, 'judgePunctuality');
      if (at === null) continue;
      const judged = changes[at] as Extract<StorageChange, { kind: 'judgePunctuality' }>;
      out[at] = null;
      out[index] = { kind: 'recordResults', args: change.args, punctualityAt: judged.args[2] };
    } else if (change.kind === 'cancelJobs') {
      const next = changes[index + 1];
      const gameId = change.args[0];
      const jobs = next?.kind === 'scheduleJobs' ? next.args[0] : next?.kind === 'scheduleJob' ? [next.args[0]] : null;
      if (jobs === null || jobs.length === 0 || !jobs.every((job) => job.gameId === gameId && job.dedupeKey !== null && job.dedupeKey !== undefined)) continue;
      if (new Set(jobs.map((job) => job.dedupeKey)).size !== jobs.length) continue;
      out[index] = { kind: 'replaceJobs', gameId, jobs };
      out[index + 1] = null;
      index += 1;
    }
  }
  return out.filter((write): write is CombinedWrite => write !== null);
}

/**
 * The index of the nearest earlier write of `kind` to the phase row, still to run as it is, when
 * nothing between it and `index` touches that row; otherwise null.
 */
function earlierWrite(
  changes: readonly StorageChange[],
  out: readonly (CombinedWrite | null)[],
  index: number,
  gameId: number,
  phaseId: PhaseId,
  kind: 'savePhase' | 'judgePunctuality',
): number | null {
  for (let at = index - 1; at >= 0; at--) {
    const earlier = changes[at]!;
    if (!touchesPhase(earlier, gameId, phaseId)) continue;
    return earlier.kind === kind && out[at]?.kind === 'change' ? at : null;
  }
  return null;
}
