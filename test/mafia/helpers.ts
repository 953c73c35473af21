import { expect } from 'vitest';
import {
  DEFAULT_SETTINGS,
  type MafiaActor,
  type MafiaCommand,
  type MafiaEffect,
  type MafiaRefusal,
  type MafiaSettings,
  type MafiaState,
  newMafiaState,
  updateMafia,
} from '../../src/mafia/index.ts';

export const GM: MafiaActor = { kind: 'gm' };
export const CLOCK: MafiaActor = { kind: 'clock' };
export const person = (id: number): MafiaActor => ({ kind: 'person', person: id });

export const NICKS = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin', 'Frank', 'Grace', 'Heidi', 'Ivan', 'Judy'];

/** A tiny game driver: applies commands, keeps the state and the last effects, fails on a refusal. */
export class Table {
  state: MafiaState;
  effects: readonly MafiaEffect[] = [];
  now: Date;

  constructor(settings: Partial<MafiaSettings> = {}, now = new Date('2026-03-20T12:00:00Z')) {
    this.state = newMafiaState({ ...DEFAULT_SETTINGS, ...settings });
    this.now = now;
  }

  at(iso: string): this {
    this.now = new Date(iso);
    return this;
  }

  do(actor: MafiaActor, command: MafiaCommand, seed = 7): readonly MafiaEffect[] {
    const outcome = updateMafia(this.state, actor, command, { now: this.now, seed });
    if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.refusal)}`);
    this.state = outcome.state;
    this.effects = outcome.effects;
    return outcome.effects;
  }

  /** The refusal, asserting that nothing changed. */
  refused(actor: MafiaActor, command: MafiaCommand): MafiaRefusal {
    const outcome = updateMafia(this.state, actor, command, { now: this.now, seed: 7 });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) throw new Error('not refused');
    return outcome.refusal;
  }

  gm(text: string): readonly MafiaEffect[] {
    return this.do(GM, { kind: 'post', text, to: 'everyone' });
  }

  vote(id: number, target: string): readonly MafiaEffect[] {
    const vote = /^no lynch$/i.test(target) ? ({ kind: 'no-lynch' } as const) : ({ kind: 'vote', written: target } as const);
    return this.do(person(id), { kind: 'vote', vote });
  }

  player(nick: string) {
    return this.state.players.find((p) => p.nick === nick)!;
  }
}

/** A game of `count` players (person ids 1…count, nicks from NICKS), started. */
export function startedTable(count = 10, settings: Partial<MafiaSettings> = {}, now?: Date): Table {
  const table = new Table(settings, now);
  for (let i = 1; i <= count; i++) table.do(person(i), { kind: 'join', nick: NICKS[i - 1]! });
  if (table.state.status === 'forming') table.do(GM, { kind: 'start' });
  return table;
}

export function replies(effects: readonly MafiaEffect[]) {
  return effects.flatMap((e) => (e.kind === 'reply' ? [e.reply] : []));
}

export function notices(effects: readonly MafiaEffect[]) {
  return effects.flatMap((e) => (e.kind === 'notice' ? [e.notice] : []));
}
