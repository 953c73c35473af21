import { readPhaseId, type PhaseId } from '../engine/phase.ts';
import { parseMasterTimeLine } from '../schedule/index.ts';
import type { CommandProblem, CommandUsage } from './command-problems.ts';
import type { BodyLine, Command, DeadlineLine, MasterCommandLine, MasterCommandName, RollArguments, VoteChoice } from './command-types.ts';
import { splitWords, textAfterWords, type Keyword, type KeywordMatch } from './keywords.ts';
import { isMailAddress, mailAddress, readGameName, type GameName } from './names.ts';
import { splitPowerList } from './power-list.ts';
import { redactLine } from './redact.ts';
import { readRules } from './parse-setting.ts';
import { isGateKeyword, readGateLine } from './signon-gate.ts';

// One command line inside a block (openers, press and SIGNOFF are read by
// parse-body.ts). A line whose first word is no keyword is an order line.

export type CommandResult = { readonly ok: true; readonly command: Command } | { readonly ok: false; readonly problem: CommandProblem };

const MASTER_KEYWORDS: Readonly<Partial<Record<Keyword, { name: MasterCommandName; min: number; max: number }>>> = {
  process: { name: 'PROCESS', min: 0, max: 1 },
  'process!': { name: 'PROCESS!', min: 0, max: 0 },
  preview: { name: 'PREVIEW', min: 0, max: 0 },
  rollback: { name: 'ROLLBACK', min: 0, max: 3 },
  rollforward: { name: 'ROLLFORWARD', min: 0, max: 3 },
  form: { name: 'FORM', min: 0, max: 0 },
  activate: { name: 'ACTIVATE', min: 0, max: 0 },
  wait: { name: 'WAIT', min: 0, max: 0 },
  terminate: { name: 'TERMINATE', min: 0, max: 0 },
  purge: { name: 'PURGE', min: 2, max: 2 },
  rename: { name: 'RENAME', min: 3, max: 3 },
  dummy: { name: 'DUMMY', min: 1, max: 1 },
  revive: { name: 'REVIVE', min: 1, max: 2 },
  become: { name: 'BECOME', min: 1, max: 1 },
  eject: { name: 'EJECT', min: 1, max: 1 },
  official: { name: 'OFFICIAL', min: 0, max: Infinity },
  reveal: { name: 'REVEAL', min: 0, max: 0 },
  unend: { name: 'UNEND', min: 0, max: 0 },
  unstart: { name: 'UNSTART', min: 0, max: 0 },
  deadline: { name: 'DEADLINE', min: 1, max: Infinity },
  promote: { name: 'PROMOTE', min: 1, max: 1 },
};

/** The words of HISTORY's options, which never begin a game's name there. */
const HISTORY_WORDS: ReadonlySet<string> = new Set(['FROM', 'TO', 'LINES', 'EXCLSTART', 'EXCLEND', 'BROAD']);

const VOTES: Readonly<Record<string, VoteChoice>> = { SOLO: 'solo', LOSS: 'loss', DIAS: 'dias', DRAW: 'draw', YES: 'yes', NO: 'no' };

/**
 * A Master command with its arguments read. The counts were checked against MASTER_KEYWORDS, so
 * each word named here is there; what the words name (a power, an address) the judge resolves.
 */
function masterCommand(base: { readonly line: number; readonly text: string }, command: MasterCommandName, args: readonly string[]): MasterCommandLine {
  const common = { kind: 'master' as const, ...base, args };
  const word = (index: number): string => args[index] ?? '';
  switch (command) {
    case 'PURGE':
      return { ...common, command, game: readGameName(word(0)), password: word(1) };
    case 'RENAME':
      return { ...common, command, game: readGameName(word(0)), newName: word(1), password: word(2) };
    case 'DUMMY':
    case 'BECOME':
    case 'EJECT':
    case 'RESIGN':
    case 'PROMOTE':
      return { ...common, command, target: word(0) };
    case 'REVIVE':
      return { ...common, command, target: word(0), password: args[1] ?? null };
    case 'ROLLBACK':
    case 'ROLLFORWARD':
      return { ...common, command, roll: rollArguments(command, args) };
    case 'SET DEDICATION':
    case 'SET ONTIMERAT':
    case 'SET RESRAT':
      // Only readGateLine makes these, with the value checked.
      return { ...common, command, value: args[0] === undefined ? null : Number(args[0]) };
    case 'DEADLINE':
      return { ...common, command, deadline: deadlineLine(base.text) };
    case 'OFFICIAL':
      return {
        ...common,
        command,
        subject:
          base.text
            .replace(/^\s*\S+\s*/, '')
            .trim()
            .slice(0, 60) || null,
      };
    case 'PROCESS':
      return { ...common, command, phase: args[0] === undefined ? null : readPhaseId(args[0]) };
    default:
      return { ...common, command };
  }
}

/** ROLLBACK/ROLLFORWARD [phase] [RESTORE] [FULL], and ROLLBACK FORMING. */
function rollArguments(command: 'ROLLBACK' | 'ROLLFORWARD', args: readonly string[]): RollArguments {
  if (command === 'ROLLBACK' && args.some((word) => word.toUpperCase() === 'FORMING')) {
    return args.length > 1 ? { kind: 'error', error: { kind: 'usage', usage: 'ROLLBACK FORMING' }, forming: true } : { kind: 'forming' };
  }
  let phase: PhaseId | null = null;
  let restore = false;
  let full = false;
  for (const word of args) {
    const upper = word.toUpperCase();
    if (upper === 'RESTORE') restore = true;
    else if (upper === 'FULL') full = true;
    else if (upper === 'FORMING') return { kind: 'error', error: { kind: 'usage', usage: 'ROLLFORWARD FORMING' }, forming: false };
    else {
      const read = readPhaseId(word);
      if (!read || phase !== null) return { kind: 'error', error: { kind: 'roll-word', command, word }, forming: false };
      phase = read;
    }
  }
  return { kind: 'phase', phase, restore, full };
}

/** The Mafia tracker's "DEADLINE … MOVED <length> LATER|EARLIER" (and whatever other time form the line holds), as written. */
function deadlineLine(text: string): DeadlineLine {
  const parsed = parseMasterTimeLine(text);
  if (!parsed.ok) return { kind: 'error', error: { kind: 'schedule', error: parsed.error } };
  if (parsed.command === null) return { kind: 'error', error: { kind: 'usage', usage: 'DEADLINE' } };
  return { kind: 'time', time: parsed.command };
}

export function spell(match: KeywordMatch<Keyword>): string {
  return match.keywordWords.join(' ').toUpperCase();
}

/** Openers, press and SIGNOFF are read by parse-body.ts; they are refused here. */
export function parseCommandLine(bodyLine: BodyLine, match: KeywordMatch<Keyword> | null): CommandResult {
  const text = redactLine(bodyLine.text);
  const base = { line: bodyLine.line, text };
  if (!match) {
    // DPjudge's DESC text after the Master's SIGNON is njudge's SET COMMENT text.
    const words = splitWords(bodyLine.text);
    if (words.length > 1 && /^DESC(?:RIPTION)?$/i.test(words[0]!))
      return { ok: true, command: { kind: 'set-option', ...base, words, rest: bodyLine.text.trim() } };
    return { ok: true, command: { kind: 'order', ...base } };
  }

  const { keyword, args } = match;
  const name = spell(match);
  const rest = textAfterWords(bodyLine.text, match.keywordWords.length);
  const ok = (command: Command): CommandResult => ({ ok: true, command });
  const fail = (problem: CommandProblem): CommandResult => ({ ok: false, problem });
  const usage = (command: CommandUsage): CommandResult => fail({ kind: 'usage', usage: command });
  const noArguments = (command: Command): CommandResult => (args.length === 0 ? ok(command) : fail({ kind: 'no-arguments', command: name }));
  const optionalGame = (): { game: GameName | null } | { error: CommandProblem } => {
    const word = args[0];
    if (word === undefined) return { game: null };
    const game = readGameName(word);
    return game !== null ? { game } : { error: { kind: 'not-a-game-name', word } };
  };

  // The value is checked here, so the Master's command carries it as a plain number (none: SET NO …).
  if (isGateKeyword(keyword)) {
    const gate = readGateLine(keyword, name, args);
    return gate.ok
      ? ok({ kind: 'master', ...base, command: `SET ${gate.gate}`, args: gate.value === null ? [] : [String(gate.value)], value: gate.value })
      : fail(gate.problem);
  }

  // The Mafia tracker's "UNEND GAME" is the same as DPjudge's UNEND.
  if (keyword === 'unend' && args.length === 1 && args[0]!.toUpperCase() === 'GAME') return ok({ kind: 'master', ...base, command: 'UNEND', args: [] });
  const master = MASTER_KEYWORDS[keyword];
  if (master) {
    if (keyword === 'unend' && args.length > 0) return usage('UNEND');
    if (args.length < master.min) return fail({ kind: 'too-few-arguments', command: name, min: master.min });
    if (args.length > master.max)
      return fail(master.max === 0 ? { kind: 'no-arguments', command: name } : { kind: 'too-many-arguments', command: name, max: master.max });
    return ok(masterCommand(base, master.name, args));
  }

  switch (keyword) {
    case 'list': {
      if (args.length > 1) return usage('LIST');
      if (args[0]?.toUpperCase() === 'FULL') return ok({ kind: 'list', ...base, game: null, full: true });
      if (args[0]?.toUpperCase() === 'VARIANTS' || args[0]?.toUpperCase() === 'VARIANT') return ok({ kind: 'list-variants', ...base });
      const game = optionalGame();
      return 'error' in game ? fail(game.error) : ok({ kind: 'list', ...base, game: game.game, full: false });
    }
    case 'summary': {
      if (args.length > 1) return usage('SUMMARY');
      const game = optionalGame();
      return 'error' in game ? fail(game.error) : ok({ kind: 'summary', ...base, game: game.game });
    }
    case 'history': {
      // After a SIGNON the game may go unnamed: HISTORY LINES 30 is about the signed-on game.
      if (HISTORY_WORDS.has(args[0]?.toUpperCase() ?? '')) return ok({ kind: 'history', ...base, game: null, options: rest.trim() });
      const game = optionalGame();
      return 'error' in game ? fail(game.error) : ok({ kind: 'history', ...base, game: game.game, options: textAfterWords(rest, 1) });
    }
    case 'map': {
      const game = optionalGame();
      if ('error' in game) return fail(game.error);
      let phase: PhaseId | null = null;
      let format: 'png' | 'svg' = 'png';
      for (const word of args.slice(1)) {
        const read: PhaseId | null = phase === null ? readPhaseId(word) : null;
        if (read !== null) phase = read;
        else if (/^(png|gif|ps|pdf)$/i.test(word)) format = 'png';
        else if (/^svg$/i.test(word)) format = 'svg';
        else return fail({ kind: 'map-word', word });
      }
      return ok({ kind: 'map', ...base, game: game.game, phase, format });
    }
    case 'search':
      return ok({ kind: 'search', ...base, words: args });
    case 'help':
      if (args.length === 1 && args[0]!.toUpperCase() === 'ROLES') return ok({ kind: 'help', ...base, topic: 'roles' });
      return noArguments({ kind: 'help', ...base, topic: null });
    case 'version':
      return noArguments({ kind: 'version', ...base });
    case 'get-dedication':
      return noArguments({ kind: 'get-dedication', ...base });
    case 'info-player': {
      if (args.length > 1) return usage('INFO PLAYER');
      const address = args[0]?.replace(/^<(.*)>$/, '$1') ?? null;
      if (address !== null && !isMailAddress(address)) return fail({ kind: 'not-an-address', address });
      return ok({ kind: 'info-player', ...base, address: address === null ? null : mailAddress(address) });
    }
    case 'clear':
      return noArguments({ kind: 'clear', ...base });
    case 'status':
      return noArguments({ kind: 'status', ...base });
    case 'resign':
      // RESIGN alone is njudge's player resignation; RESIGN power is the Master's.
      // (RESIGN Fgame password opens a block and never reaches here.)
      if (args.length === 0) return ok({ kind: 'resign-self', ...base });
      return args.length === 1 ? ok(masterCommand(base, 'RESIGN', args)) : usage('RESIGN');
    case 'set':
      // The game options (SET GREY, SET NMR, SET MOVE CLOCK …) are read by the judge against its table.
      return args.length === 0 ? usage('SET') : ok({ kind: 'set-option', ...base, words: args, rest });
    case 'rules': {
      if (args.length === 0) return fail({ kind: 'needs-rule', command: name });
      const rules = readRules(args);
      return Array.isArray(rules) ? ok({ kind: 'rules', ...base, rules }) : fail(rules);
    }
    case 'set-address': {
      const addresses = splitPowerList(rest);
      const bad = addresses.find((address) => !/^[^@\s]+@[^@\s]+$/.test(address));
      return bad === undefined ? ok({ kind: 'set-address', ...base, addresses: addresses.map(mailAddress) }) : fail({ kind: 'not-an-address', address: bad });
    }
    case 'set-password':
      return args.length === 1 ? ok({ kind: 'set-password', ...base, password: args[0]! }) : usage('SET PASSWORD');
    case 'set-wait':
      return noArguments({ kind: 'set-wait', ...base, wait: true });
    case 'set-nowait':
      return noArguments({ kind: 'set-wait', ...base, wait: false });
    case 'set-draw':
      return ok({ kind: 'set-draw', ...base, tokens: splitPowerList(rest) });
    case 'set-nodraw':
      return noArguments({ kind: 'set-nodraw', ...base });
    case 'set-concede': {
      const tokens = splitPowerList(rest);
      return tokens.length <= 1 ? ok({ kind: 'set-concede', ...base, power: tokens[0] ?? null }) : fail({ kind: 'takes-one-power', command: name });
    }
    case 'set-noconcede':
      return noArguments({ kind: 'set-noconcede', ...base });
    case 'set-absence': {
      const split = /^(.*?)(?:^|\s)TO(?:\s+(.*))?$/is.exec(rest);
      const from = (split ? split[1]! : rest).trim();
      const to = split ? (split[2] ?? '').trim() : null;
      if (to === '') return fail({ kind: 'absence-needs-to-date', command: name });
      if (from === '' && to === null) return fail({ kind: 'absence-needs-date', command: name });
      return ok({ kind: 'set-absence', ...base, from: from === '' ? null : from, to });
    }
    case 'set-no-absence':
      return ok({ kind: 'set-no-absence', ...base, date: rest === '' ? null : rest });
    case 'set-zone':
      return args.length === 1 ? ok({ kind: 'set-zone', ...base, zone: args[0]! }) : usage('SET ZONE');
    case 'set-nozone':
      return noArguments({ kind: 'set-zone', ...base, zone: null });
    case 'set-map': {
      const choice = args[0]?.toUpperCase();
      return args.length === 1 && (choice === 'ON' || choice === 'OFF') ? ok({ kind: 'set-map', ...base, on: choice === 'ON' }) : usage('SET MAP');
    }
    case 'set-preference':
      if (args.length === 0) return usage('SET PREFERENCE');
      return ok({ kind: 'set-preference', ...base, tokens: rest.trim() === '*' ? [] : splitPowerList(rest) });
    case 'set-deadline':
      return rest === '' ? usage('SET DEADLINE') : ok({ kind: 'set-deadline', ...base, args: rest });
    case 'set-grace':
      // njudge's SET [NO] GRACE PRESS is a press option, not the grace period.
      if (args[0]?.toUpperCase() === 'PRESS') return ok({ kind: 'set-option', ...base, words: ['GRACE', ...args], rest: `GRACE ${rest}` });
      return rest === '' ? usage('SET GRACE') : ok({ kind: 'set-grace', ...base, args: rest });
    case 'set-listed':
      return noArguments({ kind: 'set-listed', ...base, listed: true });
    case 'set-unlisted':
      return noArguments({ kind: 'set-listed', ...base, listed: false });
    case 'vote': {
      if (args.length !== 1) return usage('VOTE');
      const word = args[0]!.toUpperCase();
      const ways = /^(\d{1,2})-?WAYS?$/.exec(word);
      if (ways && Number(ways[1]) >= 1) return ok({ kind: 'vote', ...base, choice: 'n-way', ways: Number(ways[1]) });
      const choice = VOTES[word];
      return choice ? ok({ kind: 'vote', ...base, choice, ways: null }) : fail({ kind: 'not-a-vote', written: args[0]! });
    }
    case 'propose': {
      if (args.length !== 1) return usage('PROPOSE');
      const target = args[0]!.toUpperCase() === 'DIAS' ? { kind: 'dias' as const } : { kind: 'power' as const, token: args[0]! };
      return ok({ kind: 'propose', ...base, target });
    }
    case 'phase':
      return rest === '' ? usage('PHASE') : ok({ kind: 'phase', ...base, args: rest, lines: [] });
    default:
      return fail({ kind: 'cannot-be-used-here', command: name });
  }
}

/** Why the command cannot stand before the first SIGNON, or null when it can. */
export function problemWithoutSignon(command: Command, spelledKeyword: string): CommandProblem | null {
  switch (command.kind) {
    case 'list':
    case 'list-variants':
    case 'search':
    case 'help':
    case 'version':
    case 'get-dedication':
    case 'info-player':
      return null;
    case 'summary':
    case 'history':
    case 'map':
      return command.game === null ? { kind: 'needs-game-name', command: command.kind.toUpperCase() } : null;
    case 'master':
      // DPjudge's PURGE and RENAME carry the game's Master password themselves.
      return command.command === 'PURGE' || command.command === 'RENAME' ? null : { kind: 'needs-signon', command: spelledKeyword };
    case 'order':
      return { kind: 'orders-need-signon' };
    default:
      return { kind: 'needs-signon', command: spelledKeyword };
  }
}
