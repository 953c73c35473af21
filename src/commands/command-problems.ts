import type { ScheduleError } from '../schedule/index.ts';

// What the command parser could not read, as data: the parser decides, src/render/command-problems.ts
// words it for the reply (the parser's own English went there, issue 27).

export type CommandProblem =
  /** A date, a length of time or a TIMING the schedule could not read. */
  | { readonly kind: 'schedule'; readonly error: ScheduleError }
  /** The Mafia tracker's DEADLINE line without a time form. */
  | { readonly kind: 'deadline-line-needs-moved' };
