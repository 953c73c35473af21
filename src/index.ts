// The package's public API: `import { adjudicate } from 'dipjudge'`.
export { adjudicate, AdjudicateInputError } from './api/adjudicate.ts';
export type { AdjudicateInput, AdjudicateOutput, OrderReport } from './api/adjudicate-format.ts';
export type { DislodgedUnit, Marker, Outcome, Position, Unit } from './engine/types.ts';
