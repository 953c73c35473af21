// Press rules of the judge: whether a PRESS or BROADCAST may go, who receives it, what each
// reader sees, what the sender is told and what is archived. Pure; the judge writes the rows.
export { planPress } from './plan-press.ts';
export { pressHeader, pressSubject, pressBody, joinNames } from '../../render/press-headers.ts';
export type { PressPlace } from '../../render/press-headers.ts';
export { viewsOfArchive } from './press-headers.ts';
export { partyNaming } from './press-parties.ts';
export type { PartyNaming } from './press-parties.ts';
export { MASTER_PARTY, OBSERVERS_PARTY, PRESTART_PREFIX, PRESS_KINDS } from './press-types.ts';
export type {
  PartyId,
  PlanPressInput,
  PressArchive,
  PressCommand,
  PressDelivery,
  PressKind,
  PressPlan,
  PressReader,
  PressView,
  PressViews,
} from './press-types.ts';
