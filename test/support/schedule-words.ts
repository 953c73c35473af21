import { scheduleErrorText } from '../../src/render/schedule-errors.ts';
import type { ScheduleError } from '../../src/schedule/index.ts';

/** A schedule error with its words beside its data, so a test can check both (`message` as src/render words it). */
export function worded(error: ScheduleError | null): (ScheduleError & { readonly message: string }) | null {
  return error === null ? null : { ...error, message: scheduleErrorText(error) };
}
