// The mail command language: from a decoded body to blocks of typed commands.
export type * from './command-types.ts';
export { MASTER_COMMANDS, OBSERVER_KINDS, PRESS_ENDINGS, MESSAGE_ENDINGS, isInfoCommand } from './command-types.ts';
export { parseBody } from './parse-body.ts';
export { capOpeners, MAX_OPENERS_PER_MAIL, type OpenersLeftOut } from './mail-caps.ts';
export { splitBodyLines } from './body-lines.ts';
export { redactLine, MASK } from './redact.ts';
export { resolvePowerList, splitPowerList, MASTER_RECIPIENT, OBSERVERS_RECIPIENT } from './power-list.ts';
export type { PowerRef, PowerListResult } from './power-list.ts';
export { hasOrderShape, isNameLine, isSignOffLead, describeLines } from './prose.ts';
