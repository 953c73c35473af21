import type { ObserverKind, Opener, RoleRef } from './command-types.ts';
import type { Keyword } from './keywords.ts';
import { isOverlongGameName, MAX_GAME_NAME_LENGTH, NEXT_FORMING_GAME, readGameName, type GameName } from './names.ts';

// Block openers: SIGNON, JOIN, OBSERVE / MONITOR / WATCH, RESIGN, TAKEOVER, CREATE.
// Each names a game and carries a password, so error messages here never quote
// the words they read; the caller shows the redacted line.

export type OpenerKeyword = Extract<Keyword, 'signon' | 'join' | 'observe' | 'monitor' | 'resign' | 'takeover' | 'create'>;

export type OpenerResult =
  | {
      readonly ok: true;
      readonly opener: Opener;
      /** The password was glued to SIGNOFF (`SIGNON Fgame secretSIGNOFF`): the message ends here. */
      readonly endsMessage: boolean;
    }
  | { readonly ok: false; readonly message: string };

type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

function gameName(word: string): Parsed<GameName> {
  const name = readGameName(word);
  if (name !== null) return { ok: true, value: name };
  return {
    ok: false,
    message: isOverlongGameName(word) ? `a game name is at most ${MAX_GAME_NAME_LENGTH} characters long` : 'a game name holds only letters, digits, - and _',
  };
}

/** `Fgame`, `3game`, `Mgame`, `Ogame`, `france@game`, `master@game`, or (SIGNON only) `?game`. */
function roleAndGame(word: string, allowNewcomer: boolean): Parsed<{ role: RoleRef; game: GameName }> {
  const at = word.indexOf('@');
  if (at >= 0) {
    const name = word.slice(0, at);
    if (name === '') return { ok: false, message: 'put the power or observer name before the @, e.g. france@game' };
    const game = gameName(word.slice(at + 1));
    if (!game.ok) return game;
    const role: RoleRef = name.toUpperCase() === 'MASTER' ? { kind: 'master' } : { kind: 'named', name };
    return { ok: true, value: { role, game: game.value } };
  }
  if (word.startsWith('?')) {
    if (!allowNewcomer) return { ok: false, message: 'name the power and the game, e.g. Fgame or france@game' };
    // `SIGN ON ? password`: the next forming game, which the judge names before opening the mail's games.
    if (word.length === 1) return { ok: true, value: { role: { kind: 'next-forming' }, game: NEXT_FORMING_GAME } };
    const game = gameName(word.slice(1));
    return game.ok ? { ok: true, value: { role: { kind: 'newcomer' }, game: game.value } } : game;
  }
  if (word.length < 2) return { ok: false, message: 'name the power and the game, e.g. Fgame or france@game' };
  const letter = word[0]!.toUpperCase();
  const game = gameName(word.slice(1));
  if (!game.ok) return game;
  let role: RoleRef;
  if (/[0-9]/.test(letter)) role = { kind: 'seat', number: Number(letter) };
  else if (letter === 'M') role = { kind: 'master' };
  else if (letter === 'O') role = { kind: 'observer' };
  else if (/[A-Z]/.test(letter)) role = { kind: 'initial', initial: letter };
  else return { ok: false, message: 'name the power and the game, e.g. Fgame or france@game' };
  return { ok: true, value: { role, game: game.value } };
}

/** Repairs a password glued to SIGNOFF by a mailer that lost the newline. */
function unglueSignoff(password: string): { password: string; endsMessage: boolean } {
  const glued = /^(.+?)sign-?off$/i.exec(password);
  return glued ? { password: glued[1]!, endsMessage: true } : { password, endsMessage: false };
}

const USAGE: Readonly<Record<OpenerKeyword, string>> = {
  signon: 'SIGNON Fgame password (or SIGNON france@game password)',
  join: 'JOIN game password [privacy] (or JOIN france@game password [privacy])',
  observe: 'OBSERVE name@game password [privacy]',
  monitor: 'MONITOR name@game password [privacy]',
  resign: 'RESIGN Fgame password (or RESIGN france@game password)',
  takeover: 'TAKEOVER france@game password [privacy] (or TAKEOVER master@game password)',
  create: 'CREATE game password [variant]',
};

export function parseOpener(keyword: OpenerKeyword, args: readonly string[], line: number, redactedText: string): OpenerResult {
  const usage = (problem: string): OpenerResult => ({ ok: false, message: `${problem}; write ${USAGE[keyword]}` });
  const minimum = 2;
  const maximum: Readonly<Record<OpenerKeyword, number>> = { signon: 2, join: 3, observe: 3, monitor: 3, resign: 2, takeover: 3, create: Infinity };
  const newcomer = keyword === 'signon' && args[0]?.startsWith('?') === true;
  if (args.length < minimum) return usage(args.length === 0 ? 'the game and password are missing' : 'the password is missing');
  if (args.length > maximum[keyword] && !newcomer) return usage('there are too many words');

  const last = unglueSignoff(args[args.length - 1]!);
  const words = [...args.slice(0, -1), last.password];
  const password = words[1]!;
  const base = { line, redactedText };
  const done = (opener: Opener): OpenerResult => ({ ok: true, opener, endsMessage: last.endsMessage });

  switch (keyword) {
    case 'signon':
    case 'resign':
    case 'takeover': {
      const who = roleAndGame(words[0]!, keyword === 'signon');
      if (!who.ok) return usage(who.message);
      const { role, game } = who.value;
      if (keyword === 'signon') return done({ kind: 'signon', ...base, role, game, password, joinOptions: words.slice(2) });
      if (keyword === 'resign') return done({ kind: 'resign', ...base, role, game, password });
      return done({ kind: 'takeover', ...base, role, game, password, privacy: words[2] ?? null });
    }
    case 'join':
    case 'observe':
    case 'monitor': {
      const first = words[0]!;
      const at = first.indexOf('@');
      const name = at >= 0 ? first.slice(0, at) : null;
      if (name === '') return usage('put a name before the @');
      const game = gameName(at >= 0 ? first.slice(at + 1) : first);
      if (!game.ok) return usage(game.message);
      const privacy = words[2] ?? null;
      if (keyword === 'join') return done({ kind: 'join', ...base, game: game.value, power: name, password, privacy });
      const observerKind: ObserverKind = keyword === 'monitor' ? 'monitor' : 'observer';
      return done({ kind: 'observe', ...base, observerKind, name, game: game.value, password, privacy });
    }
    case 'create': {
      // njudge writes CREATE ?name.
      const game = gameName(words[0]!.replace(/^\?/, ''));
      if (!game.ok) return usage(game.message);
      return done({ kind: 'create', ...base, game: game.value, password, variant: words[2] ?? null, options: words.slice(3) });
    }
  }
}
