// Deadline mathematics: pure functions of the game's timing, zone and an explicit `now`
// (no clock reads, no I/O). See README.md in this folder for the rules and the choices made.
export type { ScheduleError, ScheduleErrorCode } from './errors.ts';
export type { PhaseTiming, Timing, DayRule } from './timing.ts';
export { DEFAULT_TIMING, DEFAULT_CLOCK, DAY_LETTERS, PHASE_TYPES, dayRule, defaultDeadlineClock } from './timing.ts';
export type { TimingResult, VacationText } from './parse-timing.ts';
export { parseTiming } from './parse-timing.ts';
export { formatTimingLines, formatPhaseTimingLine, formatTimingDirective } from './format-timing.ts';
export { checkDays } from './days.ts';
export type { Duration, DurationOptions, DurationResult } from './parse-duration.ts';
export { parseDuration, durationMinutes, minutesDuration, formatDuration, describeDuration } from './parse-duration.ts';
export type { DateContext, DateResult, EarliestRule, ParsedDate } from './parse-date.ts';
export { parseDate } from './parse-date.ts';
export type { ZoneResult } from './local-time.ts';
export { parseZone } from './local-time.ts';
export type { NextDeadlineInput, DeadlineSchedule } from './next-deadline.ts';
export { nextDeadline, warningTimes } from './next-deadline.ts';
export type { Absence, AbsenceContext, AbsencePolicy, AbsenceResult, AbsenceListResult, AbsenceOwner } from './absences.ts';
export {
  parseAbsence,
  addAbsence,
  cancelAbsence,
  pendingAbsences,
  absenceDays,
  absenceApplies,
  DEFAULT_MAX_ABSENCE_DAYS,
  MAX_PENDING_ABSENCES,
} from './absences.ts';
export type { DeadlineState, DeadlineChangeContext, DeadlineStateResult, DeadlineMove } from './set-deadline.ts';
export { setDeadline, setGrace, moveDeadline, endPhaseNow, shiftInstant } from './set-deadline.ts';
export type { MasterTimeCommand, MasterTimeResult } from './master-time-forms.ts';
export { parseMasterTimeLine } from './master-time-forms.ts';
export { formatDeadline, formatPlayerDeadline, formatMoment } from './format-deadline.ts';
export { addWallLength } from './wall-length.ts';
