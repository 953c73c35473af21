import type { RoleSet } from './definitions.ts';
import { availableActions, verbsFor } from './engine.ts';
import type { Command, GameState } from './state.ts';

// The lines a player or the Master writes in a werewolf game's block, read into typed lines, and a
// player's line turned into the narrator's command by what the player may do now (the verbs of
// availableActions). Pure: words for refusals are src/render/werewolf-mail.ts's.

export type WerewolfLine =
  | { readonly kind: 'name'; readonly nick: string }
  | { readonly kind: 'start' }
  | { readonly kind: 'set'; readonly setting: 'roleset' | 'day' | 'night' | 'players'; readonly value: string }
  | { readonly kind: 'rollback' }
  /** The Master's SET DEADLINE date: the phase now open ends then. */
  | { readonly kind: 'deadline'; readonly value: string }
  /** The Master's REPLACE nick address (or the tracker's "address HAS REPLACED nick"): the seat goes to a newcomer. */
  | { readonly kind: 'replace'; readonly nick: string; readonly address: string }
  /** SET PASSWORD new: the sender's own seat's password; null when the line holds no one word after PASSWORD. */
  | { readonly kind: 'set-password'; readonly password: string | null }
  /** The Master's EXTEND length: the phase now open ends that much later. */
  | { readonly kind: 'extend'; readonly value: string }
  | { readonly kind: 'status' }
  | { readonly kind: 'done' }
  /** VOTE [poll] nick; poll null: the one poll the player votes in now. */
  | { readonly kind: 'vote'; readonly words: readonly string[] }
  | { readonly kind: 'unvote'; readonly poll: string | null }
  | { readonly kind: 'withdraw'; readonly verb: string }
  /** A verb of the player's role (INVESTIGATE nick, PROTECT nick, KILL nick …), read against what they may do now. */
  | { readonly kind: 'verb'; readonly verb: string; readonly names: readonly string[] }
  /** PRESS [TO ALL|group] … ENDPRESS: a post to everyone (the dead's to the dead) or to a group's channel. */
  | { readonly kind: 'press'; readonly to: string | null; readonly body: string; readonly closed: boolean };

export type NumberedLine = WerewolfLine & { readonly line: number; readonly text: string };

const SETTINGS: Readonly<Record<string, Extract<WerewolfLine, { kind: 'set' }>['setting']>> = {
  ROLESET: 'roleset',
  DAY: 'day',
  NIGHT: 'night',
  PLAYERS: 'players',
};

/** The block's lines (blank ones left out), each read. */
export function readWerewolfBlock(lines: readonly { readonly line: number; readonly text: string }[]): NumberedLine[] {
  const read: NumberedLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const { line, text: raw } = lines[i]!;
    const text = raw.trim();
    if (text === '') continue;
    const press = /^(?:PRESS|POST)(?:\s+TO\s+(.+))?$/i.exec(text);
    if (press) {
      const taken: string[] = [];
      let closed = false;
      for (i++; i < lines.length; i++) {
        if (/^END\s*(?:PRESS|POST)$/i.test(lines[i]!.text.trim())) {
          closed = true;
          break;
        }
        taken.push(lines[i]!.text.replace(/\s+$/, ''));
      }
      const to = press[1]?.trim() ?? null;
      read.push({ kind: 'press', to: to === null || /^(ALL|EVERYONE)$/i.test(to) ? null : to, body: taken.join('\n').trim(), closed, line, text });
      continue;
    }
    const tracker = /^(\S+@\S+)\s+(?:HAS\s+REPLACED|IS\s+REPLACING)\s+(\S+?)[\s.!]*$/i.exec(text);
    if (tracker) {
      read.push({ kind: 'replace', nick: tracker[2]!, address: tracker[1]!.replace(/^<|>$/g, ''), line, text });
      continue;
    }
    const words = text.split(/\s+/);
    const first = words[0]!.toUpperCase();
    const rest = words.slice(1);
    const at = { line, text };
    if (first === 'NAME' && rest.length > 0) read.push({ kind: 'name', nick: rest.join(' '), ...at });
    else if (first === 'START' && rest.length === 0) read.push({ kind: 'start', ...at });
    else if (first === 'ROLLBACK' && rest.length === 0) read.push({ kind: 'rollback', ...at });
    else if (first === 'STATUS' && rest.length === 0) read.push({ kind: 'status', ...at });
    else if (first === 'DONE' && rest.length === 0) read.push({ kind: 'done', ...at });
    else if (first === 'SET' && rest.length >= 1 && rest[0]!.toUpperCase() === 'PASSWORD')
      read.push({ kind: 'set-password', password: rest.length === 2 ? rest[1]! : null, ...at });
    else if (first === 'SET' && rest.length >= 2 && rest[0]!.toUpperCase() === 'DEADLINE')
      read.push({ kind: 'deadline', value: rest.slice(1).join(' '), ...at });
    else if (first === 'REPLACE' && rest.length === 2) read.push({ kind: 'replace', nick: rest[0]!, address: rest[1]!.replace(/^<|>$/g, ''), ...at });
    else if (first === 'EXTEND' && rest.length > 0) read.push({ kind: 'extend', value: rest.join(' '), ...at });
    else if (first === 'SET' && rest.length >= 2 && SETTINGS[rest[0]!.toUpperCase()] !== undefined)
      read.push({ kind: 'set', setting: SETTINGS[rest[0]!.toUpperCase()]!, value: rest.slice(1).join(' '), ...at });
    else if (first === 'VOTE' && rest.length > 0) read.push({ kind: 'vote', words: rest, ...at });
    else if (first === 'UNVOTE' && rest.length <= 1) read.push({ kind: 'unvote', poll: rest[0] ?? null, ...at });
    else if (first === 'WITHDRAW' && rest.length === 1) read.push({ kind: 'withdraw', verb: rest[0]!.toUpperCase(), ...at });
    else read.push({ kind: 'verb', verb: first, names: rest.flatMap((w) => w.split(',')).filter((w) => w !== ''), ...at });
  }
  return read;
}

/** Why a player's line is no command of the narrator, before the narrator is asked. */
export type LineProblem =
  | { readonly kind: 'unknown-verb'; readonly verb: string; readonly verbs: readonly string[] }
  | { readonly kind: 'no-poll-now' }
  | { readonly kind: 'which-poll'; readonly polls: readonly string[] };

export type LineCommand = { readonly ok: true; readonly command: Command } | { readonly ok: false; readonly problem: LineProblem };

/** A player's VOTE, UNVOTE, WITHDRAW or verb line as the narrator's command. */
export function commandOfLine(set: RoleSet, state: GameState, player: string, line: WerewolfLine): LineCommand | null {
  const options = availableActions(set, state, player);
  const polls = options.flatMap((o) => (o.kind === 'vote' ? [o.poll] : []));
  const onePoll = (written: string | null): { ok: true; poll: string } | { ok: false; problem: LineProblem } => {
    if (written !== null) return { ok: true, poll: written };
    if (polls.length === 1) return { ok: true, poll: polls[0]! };
    return { ok: false, problem: polls.length === 0 ? { kind: 'no-poll-now' } : { kind: 'which-poll', polls } };
  };
  switch (line.kind) {
    case 'vote': {
      // VOTE poll nick, when the first word names an open poll and a second word follows; VOTE nick otherwise.
      const named = line.words.length > 1 ? state.polls.find((p) => p.name.toLowerCase() === line.words[0]!.toLowerCase()) : undefined;
      const poll = onePoll(named ? named.name : null);
      if (!poll.ok) return poll;
      const choice = (named ? line.words.slice(1) : line.words).join(' ');
      return { ok: true, command: { kind: 'vote', player, poll: poll.poll, choice } };
    }
    case 'unvote': {
      const poll = onePoll(line.poll);
      return poll.ok ? { ok: true, command: { kind: 'unvote', player, poll: poll.poll } } : poll;
    }
    case 'withdraw':
    case 'verb': {
      const verbs = verbsOfRole(set, state, player);
      const actionId = verbs.get(line.verb);
      if (actionId === undefined) return { ok: false, problem: { kind: 'unknown-verb', verb: line.verb, verbs: [...verbs.keys()] } };
      if (line.kind === 'withdraw') return { ok: true, command: { kind: 'withdraw', player, actionId } };
      return { ok: true, command: { kind: 'act', player, actionId, selections: line.names } };
    }
    default:
      return null;
  }
}

/** Every verb of the player's role (also the ones not open now, so that a refusal says why), by its word. */
function verbsOfRole(set: RoleSet, state: GameState, player: string): Map<string, string> {
  const verbs = new Map<string, string>();
  for (const option of availableActions(set, state, player)) if (option.kind === 'action') verbs.set(option.verb, option.actionId);
  const found = state.players.find((p) => p.name === player);
  const role = found ? set.roles.get(found.role) : undefined;
  if (role) {
    const words = verbsFor(role.actions);
    for (const action of role.actions) if (action.trigger.kind === 'action' && !verbs.has(words.get(action.id)!)) verbs.set(words.get(action.id)!, action.id);
  }
  return verbs;
}
