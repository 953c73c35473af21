// The Mafia game kind's pure core (issue 32): state, GM lines, votes, schedule, views. No mail, no
// database, no clock: `now` and the dealing seed are parameters.
export * from './state.ts';
export * from './effects.ts';
export * from './settings.ts';
export * from './names.ts';
export * from './votes.ts';
export * from './gm-lines.ts';
export * from './schedule.ts';
export * from './game.ts';
export * from './view.ts';
export * from './commands.ts';
export * from './thread.ts';
