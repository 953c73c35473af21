import type { DateTime, Zone } from 'luxon';
import { applyGraceDays } from './days.ts';
import { laterOf } from './local-time.ts';
import type { PhaseTiming } from './timing.ts';

// njudge: grace := max(days_rule(deadline + grace), old grace), where the days rule keeps the time
// of day and StrictGrace switches it off. The grace period is elapsed time (a time_t sum in
// njudge), so across a DST change its wall time moves by the hour the clocks moved.

export interface GraceOptions {
  /** njudge's StrictGrace: the grace ends exactly `grace` after the deadline, on any day. */
  readonly strictGrace?: boolean;
  /** The grace of the phase before; a new grace is never earlier. */
  readonly previousGrace?: DateTime | null;
}

export function graceAfter(deadline: DateTime, phase: PhaseTiming, zone: Zone, options: GraceOptions = {}): DateTime {
  let grace = deadline.plus({ milliseconds: phase.graceMinutes * 60_000 });
  if (options.strictGrace !== true) grace = applyGraceDays(grace, phase.days, zone);
  return laterOf(grace, options.previousGrace ?? null);
}
