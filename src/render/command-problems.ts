import type { CommandProblem } from '../commands/command-problems.ts';
import { scheduleErrorText } from './schedule-errors.ts';

// What the command parser could not read (CommandProblem), in words: the refused lines of a
// reply (no full stop unless the sentence has its own: the refused block adds one).

export function commandProblemText(problem: CommandProblem): string {
  switch (problem.kind) {
    case 'schedule':
      return scheduleErrorText(problem.error);
    case 'deadline-line-needs-moved':
      return 'Write DEADLINE MOVED <length> LATER or EARLIER, e.g. DEADLINE MOVED 1D 12H LATER';
  }
}
