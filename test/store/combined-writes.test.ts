import { expect, it } from 'vitest';
import type { GameJob, PhaseRecord, StorageChange } from '../../src/judge/ports.ts';
import { combineWrites } from '../../src/store/combined-writes.ts';

// The held writes of a unit of work as the store runs them (src/store/combined-writes.ts): three
// pairs merged into one statement each, and only when nothing between them touches the same phase.

const AT = new Date('2026-01-05T12:00:00Z');
const DEADLINE = new Date('2026-01-08T12:00:00Z');
const phase = (phaseId: PhaseRecord['phaseId'], seq: number): PhaseRecord => ({ phaseId, seq, position: {} as PhaseRecord['position'] });
const job = (gameId: number, key: string): GameJob => ({ kind: 'reminder', gameId, dueAt: DEADLINE, dedupeKey: key, payload: { phase: 'F1901M' } });
const results: StorageChange = { kind: 'recordResults', args: [1, 'S1901M', [], 'text', []] };

it('merges a processed turn’s writes: the new phase with its deadline, the jobs replaced, the punctuality with the results', () => {
  const jobs = [job(1, 'game:1:deadline'), job(1, 'game:1:reminder:0')];
  const turn: StorageChange[] = [
    { kind: 'judgePunctuality', args: [1, 'S1901M', AT] },
    { kind: 'addDedication', args: [[]] },
    { kind: 'discardPhasesAfter', args: [1, 1] },
    { kind: 'savePhase', args: [1, phase('F1901M', 2)] },
    { kind: 'updateGame', args: [1, { currentPhase: 'F1901M' }] },
    { kind: 'setPhaseDeadline', args: [1, 'F1901M', DEADLINE] },
    { kind: 'cancelJobs', args: [1] },
    { kind: 'scheduleJobs', args: [jobs] },
    results,
    { kind: 'enqueueMail', args: [{ to: [], subject: 's', body: 'b', gameId: 1, kind: 'results' }] },
  ];
  const combined = combineWrites(turn);
  expect(combined.map((write) => (write.kind === 'change' ? write.change.kind : write.kind))).toEqual([
    'addDedication',
    'discardPhasesAfter',
    'savePhase',
    'updateGame',
    'replaceJobs',
    'recordResults',
    'enqueueMail',
  ]);
  expect(combined[2]).toEqual({ kind: 'change', change: { kind: 'savePhase', args: [1, { ...phase('F1901M', 2), deadline: DEADLINE }] } });
  expect(combined[4]).toEqual({ kind: 'replaceJobs', gameId: 1, jobs });
  expect(combined[5]).toEqual({ kind: 'recordResults', args: results.args, punctualityAt: AT });
  // The given list is left as it was.
  expect(turn[3]).toEqual({ kind: 'savePhase', args: [1, phase('F1901M', 2)] });
});

it('leaves pairs apart when a write between them touches the same phase, or the jobs are not all the game’s own', () => {
  const apart: StorageChange[] = [
    { kind: 'savePhase', args: [1, phase('F1901M', 2)] },
    { kind: 'saveOrders', args: [1, 'F1901M', { power: 'ENG', lines: [], parsed: null, submitted: false, hasErrors: false }] },
    { kind: 'setPhaseDeadline', args: [1, 'F1901M', DEADLINE] },
    { kind: 'judgePunctuality', args: [1, 'S1901M', AT] },
    { kind: 'savePhase', args: [1, phase('S1901M', 1)] },
    results,
    { kind: 'cancelJobs', args: [1] },
    { kind: 'scheduleJobs', args: [[job(1, 'game:1:deadline'), job(2, 'game:2:deadline')]] },
    { kind: 'cancelJobs', args: [1] },
    { kind: 'updateGame', args: [1, { status: 'active' }] },
    { kind: 'scheduleJob', args: [job(1, 'game:1:deadline')] },
  ];
  expect(combineWrites(apart)).toEqual(apart.map((change) => ({ kind: 'change', change })));
  // Another game's or another phase's writes between them do not keep them apart.
  const between: StorageChange[] = [
    { kind: 'savePhase', args: [1, phase('F1901M', 2)] },
    { kind: 'setPhaseDeadline', args: [2, 'F1901M', AT] },
    { kind: 'recordResults', args: [1, 'S1901M', [], 'text', []] },
    { kind: 'setPhaseDeadline', args: [1, 'F1901M', DEADLINE] },
  ];
  expect(combineWrites(between).map((write) => (write.kind === 'change' ? write.change.kind : write.kind))).toEqual([
    'savePhase',
    'setPhaseDeadline',
    'recordResults',
  ]);
});
