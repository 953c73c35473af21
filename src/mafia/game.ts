import type { Audience, MafiaEffect, MafiaOutcome, MafiaRefusal } from './effects.ts';
import { readGmLine, type GmAction } from './gm-lines.ts';
import { cleanNick, closeNick, nickKey, sameNick } from './names.ts';
import { endNow, moveSchedule, resumeSchedule, scheduledDeadline, scheduleNextPhase, startSchedule } from './schedule.ts';
import { applySetting, changeableAfterStart, type SettingChange } from './settings.ts';
import { currentPhase, livingPlayers, phaseAt, type MafiaPlayer, type MafiaState, type PersonId, type VoteTarget } from './state.ts';
import { keepPosts, postsReadableBy } from './thread.ts';
import { dayOutcome, majorityReached, namedPlayer, voteCount, voteInPost, type WrittenVote } from './votes.ts';

// The pure updates of a Mafia game: (state, actor, command, context) → new state and effects, or a
// typed refusal that changes nothing. The judge decides who the actor is (a GM is a Master of the
// game) and supplies `now` and a secret random `seed` (for dealing roles); nothing here reads a clock.

export type MafiaActor = { readonly kind: 'gm' } | { readonly kind: 'person'; readonly person: PersonId } | { readonly kind: 'clock' };

export type PostChannel = 'everyone' | 'dead' | { readonly group: string };

export type MafiaCommand =
  | { readonly kind: 'join'; readonly nick: string | null }
  | { readonly kind: 'name'; readonly nick: string }
  | { readonly kind: 'set'; readonly change: SettingChange }
  | { readonly kind: 'start' }
  | { readonly kind: 'role'; readonly nick: string; readonly text: string }
  | { readonly kind: 'group'; readonly name: string; readonly nicks: readonly string[] }
  | { readonly kind: 'post'; readonly text: string; readonly to: PostChannel }
  | { readonly kind: 'vote'; readonly vote: WrittenVote }
  | { readonly kind: 'votecount' }
  /** The sender leaves: a player's seat opens for a replacement, a player-to-be or standby just goes. */
  | { readonly kind: 'resign' }
  /** The sender (new to the game) takes the open seat of this nick. */
  | { readonly kind: 'takeover'; readonly nick: string }
  /** One line of a GM's block (not a post): read as a GM line only. */
  | { readonly kind: 'gm-line'; readonly line: string }
  /** The scheduler: the current deadline has come. */
  | { readonly kind: 'deadline' }
  /** The scheduler: time to remind the living who have not voted. */
  | { readonly kind: 'reminder' };

export interface MafiaContext {
  readonly now: Date;
  /** A secret random number for dealing roles; tests pass a fixed one. */
  readonly seed: number;
}

const EVERYONE: Audience = { kind: 'everyone' };
const GMS: Audience = { kind: 'gms' };

type Step = { ok: true; state: MafiaState; effects: MafiaEffect[] } | { ok: false; refusal: MafiaRefusal };

const refuse = (refusal: MafiaRefusal): Step => ({ ok: false, refusal });
const done = (state: MafiaState, effects: MafiaEffect[] = []): Step => ({ ok: true, state, effects });
const iso = (date: Date): string => date.toISOString();

export function updateMafia(state: MafiaState, actor: MafiaActor, command: MafiaCommand, context: MafiaContext): MafiaOutcome {
  return step(state, actor, command, context);
}

function step(state: MafiaState, actor: MafiaActor, command: MafiaCommand, context: MafiaContext): Step {
  const gmOnly = (name: string): Step | null => (actor.kind === 'gm' ? null : refuse({ kind: 'gm-only', command: name }));
  switch (command.kind) {
    case 'join':
      return actor.kind === 'person' ? join(state, actor.person, command.nick, context) : refuse({ kind: 'not-in-game' });
    case 'name':
      return actor.kind === 'person' ? name(state, actor.person, command.nick, context) : refuse({ kind: 'not-in-game' });
    case 'set':
      return gmOnly('SET') ?? set(state, command.change);
    case 'start':
      return gmOnly('START') ?? start(state, context);
    case 'role':
      return gmOnly('ROLE') ?? role(state, command.nick, command.text);
    case 'group':
      return gmOnly('GROUP') ?? group(state, command.name, command.nicks);
    case 'post': {
      const posted = post(state, actor, command.text, command.to, context.now);
      return posted.ok ? { ...posted, state: keepPosts(state, posted.state, posted.effects) } : posted;
    }
    case 'vote':
      return actor.kind === 'person' ? vote(state, actor.person, command.vote) : refuse({ kind: 'not-in-game' });
    case 'votecount':
      if (state.status === 'forming') return refuse({ kind: 'not-started' });
      if (state.settings.voteCounts === 'gm' && actor.kind !== 'gm') return refuse({ kind: 'gm-only', command: 'VOTECOUNT' });
      return done(state, [{ kind: 'reply', reply: { kind: 'vote-count', count: voteCount(state) } }]);
    case 'resign':
      return actor.kind === 'person' ? resign(state, actor.person) : refuse({ kind: actor.kind === 'gm' ? 'gm-cannot-resign' : 'not-in-game' });
    case 'takeover':
      return actor.kind === 'person' ? takeover(state, actor.person, command.nick) : refuse({ kind: 'not-in-game' });
    case 'gm-line':
      return gmOnly(command.line.trim()) ?? gmLine(state, command.line, context.now);
    case 'deadline':
      return deadlinePassed(state, context.now);
    case 'reminder':
      return remind(state, context.now);
  }
}

// --- Joining and names --------------------------------------------------------------------------

function nickInUse(state: MafiaState, nick: string, except: PersonId): boolean {
  return (
    state.players.some((p) => p.person !== except && sameNick(p.nick, nick)) ||
    state.joined.some((j) => j.person !== except && j.nick !== null && sameNick(j.nick, nick))
  );
}

function join(state: MafiaState, person: PersonId, nick: string | null, context: MafiaContext): Step {
  if (state.status === 'ended') return refuse({ kind: 'game-over' });
  if (state.joined.some((j) => j.person === person) || state.players.some((p) => p.person === person)) return refuse({ kind: 'joined-already' });
  let clean: string | null = null;
  if (nick !== null) {
    clean = cleanNick(nick);
    if (clean === null) return refuse({ kind: 'bad-nick', written: nick });
    if (nickInUse(state, clean, person)) return refuse({ kind: 'nick-taken', nick: clean });
  }
  const joined = { ...state, joined: [...state.joined, { person, nick: clean }] };
  const effects: MafiaEffect[] = [{ kind: 'reply', reply: { kind: 'joined', nick: clean, standby: state.status === 'running' } }];
  return startWhenFull(joined, effects, context);
}

function name(state: MafiaState, person: PersonId, nick: string, context: MafiaContext): Step {
  if (state.players.some((p) => p.person === person)) return refuse({ kind: 'nick-fixed' });
  if (!state.joined.some((j) => j.person === person)) return refuse({ kind: 'not-in-game' });
  const clean = cleanNick(nick);
  if (clean === null) return refuse({ kind: 'bad-nick', written: nick });
  if (nickInUse(state, clean, person)) return refuse({ kind: 'nick-taken', nick: clean });
  const named = { ...state, joined: state.joined.map((j) => (j.person === person ? { ...j, nick: clean } : j)) };
  return startWhenFull(named, [{ kind: 'reply', reply: { kind: 'named', nick: clean } }], context);
}

/** With PLAYERS set, the game starts by itself once that many have joined with a name. */
function startWhenFull(state: MafiaState, effects: MafiaEffect[], context: MafiaContext): Step {
  const wanted = state.settings.players;
  if (state.status !== 'forming' || wanted === null || state.joined.filter((j) => j.nick !== null).length < wanted) return done(state, effects);
  const started = start(state, context);
  return started.ok ? done(started.state, [...effects, ...started.effects]) : done(state, effects);
}

// --- Leaving and taking over a seat ------------------------------------------------------------

function resign(state: MafiaState, person: PersonId): Step {
  if (state.status === 'ended') return refuse({ kind: 'game-over' });
  const joined = state.joined.find((j) => j.person === person);
  if (joined) {
    const left = { ...state, joined: state.joined.filter((j) => j.person !== person) };
    return done(left, [
      { kind: 'reply', reply: { kind: 'resigned', nick: joined.nick, open: false } },
      { kind: 'notice', to: GMS, notice: { kind: 'player-resigned', nick: joined.nick, open: false } },
    ]);
  }
  const player = state.players.find((p) => p.person === person && !p.open);
  if (!player) return refuse({ kind: 'not-in-game' });
  // The seat stays as it was (alive or dead, its vote and the votes on it): only its holder goes.
  const players = state.players.map((p) => (p.seat === player.seat ? { ...p, open: true } : p));
  return done({ ...state, players }, [
    { kind: 'reply', reply: { kind: 'resigned', nick: player.nick, open: true } },
    { kind: 'notice', to: GMS, notice: { kind: 'player-resigned', nick: player.nick, open: true } },
  ]);
}

function takeover(state: MafiaState, person: PersonId, written: string): Step {
  if (state.status === 'forming') return refuse({ kind: 'not-started' });
  if (state.status === 'ended') return refuse({ kind: 'game-over' });
  if (state.joined.some((j) => j.person === person) || state.players.some((p) => p.person === person)) return refuse({ kind: 'joined-already' });
  const player = findPlayer(state, written);
  if ('kind' in player) return refuse(player);
  if (!player.open) return refuse({ kind: 'seat-not-open', nick: player.nick });
  const phase = currentPhase(state);
  const { open: _open, ...held } = player;
  const players = state.players.map((p) =>
    p.seat === player.seat ? { ...held, person, formerly: [...p.formerly, { nick: p.nick, person: p.person, phase }] } : p,
  );
  return done({ ...state, players }, [
    { kind: 'reply', reply: { kind: 'took-over', nick: player.nick, phase } },
    {
      kind: 'notice',
      to: { kind: 'people', people: [person], gms: false },
      notice: { kind: 'you-took-over', nick: player.nick, role: player.role, earlier: postsReadableBy(state, player.seat) },
    },
    { kind: 'notice', to: EVERYONE, notice: { kind: 'seat-taken-over', nick: player.nick, phase } },
  ]);
}

// --- Settings and the start ---------------------------------------------------------------------

function set(state: MafiaState, change: SettingChange): Step {
  if (state.status === 'ended') return refuse({ kind: 'game-over' });
  if (state.status === 'running' && !changeableAfterStart(change)) return refuse({ kind: 'setting-after-start', setting: change.setting });
  let changed: MafiaState = { ...state, settings: applySetting(state.settings, change) };
  // A new length counts from the current phase on: the phases already past keep theirs.
  if (state.schedule !== null && (change.setting === 'day' || change.setting === 'night')) {
    const anchor = scheduledDeadline(state.schedule, state.settings, state.phaseIndex);
    changed = { ...changed, schedule: { ...state.schedule, anchorIndex: state.phaseIndex, anchorDeadline: iso(anchor) } };
  }
  const effects: MafiaEffect[] = [{ kind: 'reply', reply: { kind: 'setting-set', change } }];
  // The role list is the GM's secret; everything else the players are told.
  if (change.setting !== 'roles') effects.push({ kind: 'notice', to: EVERYONE, notice: { kind: 'setting-changed', change } });
  return done(changed, effects);
}

/** A small seeded generator (mulberry32): the same seed deals the same roles. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function dealRoles(roles: readonly string[], seed: number): string[] {
  const next = random(seed);
  const dealt = [...roles];
  for (let i = dealt.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [dealt[i], dealt[j]] = [dealt[j]!, dealt[i]!];
  }
  return dealt;
}

export const MIN_PLAYERS = 3;

function start(state: MafiaState, context: MafiaContext): Step {
  if (state.status !== 'forming') return refuse({ kind: 'started-already' });
  const unnamed = state.joined.filter((j) => j.nick === null).length;
  if (unnamed > 0) return refuse({ kind: 'players-without-nick', count: unnamed });
  if (state.joined.length < MIN_PLAYERS) return refuse({ kind: 'too-few-players', count: state.joined.length, needed: MIN_PLAYERS });
  const roles = state.settings.roles;
  if (roles.length > 0 && roles.length !== state.joined.length) return refuse({ kind: 'roles-do-not-fit', roles: roles.length, players: state.joined.length });
  const dealt = roles.length > 0 ? dealRoles(roles, context.seed) : [];
  const players: MafiaPlayer[] = state.joined.map((j, i) => ({
    seat: i + 1,
    person: j.person,
    nick: j.nick!,
    alive: true,
    death: null,
    role: dealt[i] ?? null,
    formerly: [],
  }));
  const schedule = startSchedule(state.settings, context.now);
  const started: MafiaState = { ...state, status: 'running', joined: [], players, phaseIndex: 0, votes: [], schedule };
  const zone = state.settings.zone;
  const effects: MafiaEffect[] = [
    { kind: 'notice', to: EVERYONE, notice: { kind: 'started', phase: phaseAt(0), deadline: schedule.deadline, players: players.map((p) => p.nick), zone } },
  ];
  for (const player of players) {
    if (player.role !== null)
      effects.push({
        kind: 'notice',
        to: { kind: 'people', people: [player.person], gms: false },
        notice: { kind: 'your-role', nick: player.nick, role: player.role },
      });
  }
  return done(started, effects);
}

function findPlayer(state: MafiaState, written: string): MafiaPlayer | MafiaRefusal {
  const player = state.players.find((p) => sameNick(p.nick, written));
  return (
    player ?? {
      kind: 'unknown-player',
      written,
      suggestion: closeNick(
        written,
        state.players.map((p) => p.nick),
      ),
    }
  );
}

function role(state: MafiaState, nick: string, text: string): Step {
  if (state.status === 'forming') return refuse({ kind: 'not-started' });
  const player = findPlayer(state, nick);
  if ('kind' in player) return refuse(player);
  const players = state.players.map((p) => (p.seat === player.seat ? { ...p, role: text } : p));
  return done({ ...state, players }, [
    { kind: 'notice', to: { kind: 'people', people: [player.person], gms: false }, notice: { kind: 'your-role', nick: player.nick, role: text } },
    { kind: 'reply', reply: { kind: 'role-sent', nick: player.nick } },
  ]);
}

function group(state: MafiaState, written: string, nicks: readonly string[]): Step {
  if (state.status === 'forming') return refuse({ kind: 'not-started' });
  const groupName = cleanNick(written);
  if (groupName === null || ['everyone', 'all', 'dead'].includes(nickKey(groupName))) return refuse({ kind: 'bad-group-name', written });
  const members: MafiaPlayer[] = [];
  for (const nick of nicks) {
    const player = findPlayer(state, nick);
    if ('kind' in player) return refuse(player);
    if (!members.includes(player)) members.push(player);
  }
  const groups = [...state.groups.filter((g) => !sameNick(g.name, groupName)), { name: groupName, seats: members.map((m) => m.seat) }];
  const names = members.map((m) => m.nick);
  return done({ ...state, groups }, [
    {
      kind: 'notice',
      to: { kind: 'people', people: members.map((m) => m.person), gms: false },
      notice: { kind: 'group-formed', name: groupName, members: names },
    },
    { kind: 'reply', reply: { kind: 'group-set', name: groupName, members: names } },
  ]);
}

// --- The thread, groups and votes ---------------------------------------------------------------

function post(state: MafiaState, actor: MafiaActor, text: string, to: PostChannel, now: Date): Step {
  if (actor.kind === 'clock') return refuse({ kind: 'not-in-game' });
  if (actor.kind === 'gm') return gmPost(state, text, to, now);
  const author = state.players.find((p) => p.person === actor.person && !p.open);
  // Whoever else is signed on in the game reads the thread only: a standby (once the game runs), or an observer.
  if (!author) {
    if (!state.joined.some((j) => j.person === actor.person)) return refuse({ kind: 'readers-do-not-post', who: 'observer' });
    return refuse(state.status === 'forming' ? { kind: 'not-started' } : { kind: 'readers-do-not-post', who: 'standby' });
  }
  if (to === 'everyone') {
    if (!author.alive) return refuse({ kind: 'dead-cannot-post' });
    let current = state;
    const effects: MafiaEffect[] = [{ kind: 'post', from: author.nick, to: EVERYONE, channel: 'everyone', text }];
    const written = voteInPost(text);
    let votes = 0;
    if (written !== null && state.status === 'running') {
      const voted = vote(current, actor.person, written);
      if (voted.ok) {
        current = voted.state;
        effects.push(...voted.effects);
        votes = 1;
      } else effects.push({ kind: 'reply', reply: { kind: 'line-refused', line: 0, text: voteText(written), refusal: voted.refusal } });
    }
    effects.unshift({ kind: 'reply', reply: { kind: 'posted', to: 'everyone', votes } });
    return done(current, effects);
  }
  if (to === 'dead') {
    if (author.alive) return refuse({ kind: 'not-in-group', group: 'dead' });
    if (!state.settings.deadChat) return refuse({ kind: 'no-dead-chat' });
    const dead = state.players.filter((p) => !p.alive).map((p) => p.person);
    return done(state, [
      { kind: 'reply', reply: { kind: 'posted', to: 'dead', votes: 0 } },
      { kind: 'post', from: author.nick, to: { kind: 'people', people: dead, gms: true }, channel: 'dead', text },
    ]);
  }
  const chosen = state.groups.find((g) => sameNick(g.name, to.group));
  if (!chosen) return refuse({ kind: 'unknown-group', written: to.group, groups: [] });
  if (!chosen.seats.includes(author.seat)) return refuse({ kind: 'not-in-group', group: chosen.name });
  if (!author.alive) return refuse({ kind: 'dead-cannot-post' });
  const members = state.players.filter((p) => chosen.seats.includes(p.seat)).map((p) => p.person);
  return done(state, [
    { kind: 'reply', reply: { kind: 'posted', to: chosen.name, votes: 0 } },
    { kind: 'post', from: author.nick, to: { kind: 'people', people: members, gms: true }, channel: chosen.name, text },
  ]);
}

function voteText(written: WrittenVote): string {
  return written.kind === 'vote' ? `VOTE: ${written.written}` : written.kind === 'no-lynch' ? 'VOTE: NO LYNCH' : 'UNVOTE';
}

/** A GM's post reaches its audience, and each of its lines is read as a GM line. */
function gmPost(state: MafiaState, text: string, to: PostChannel, now: Date): Step {
  let audience: Audience = EVERYONE;
  let channel: string = 'everyone';
  if (to === 'dead') {
    audience = { kind: 'people', people: state.players.filter((p) => !p.alive).map((p) => p.person), gms: true };
    channel = 'dead';
  } else if (to !== 'everyone') {
    const chosen = state.groups.find((g) => sameNick(g.name, to.group));
    if (!chosen) return refuse({ kind: 'unknown-group', written: to.group, groups: state.groups.map((g) => g.name) });
    audience = { kind: 'people', people: state.players.filter((p) => chosen.seats.includes(p.seat)).map((p) => p.person), gms: true };
    channel = chosen.name;
  }
  const effects: MafiaEffect[] = [{ kind: 'post', from: 'gm', to: audience, channel, text }];
  let current = state;
  // GM lines count in the game's thread only, as the tracker reads its thread; before the start and
  // after the end (but for UNEND) the GMs' posts are prose.
  if (to === 'everyone' && state.status !== 'forming') {
    text.split(/\r?\n/).forEach((line, index) => {
      const read = gmLine(current, line, now);
      if (read.ok) {
        current = read.state;
        effects.push(...read.effects);
      } else if (read.refusal.kind !== 'game-over')
        effects.push({ kind: 'reply', reply: { kind: 'line-refused', line: index + 1, text: line.trim(), refusal: read.refusal } });
    });
  }
  effects.splice(1, 0, { kind: 'reply', reply: { kind: 'posted', to: channel, votes: 0 } });
  return done(current, effects);
}

function vote(state: MafiaState, person: PersonId, written: WrittenVote): Step {
  if (state.status === 'forming') return refuse({ kind: 'not-started' });
  if (state.status === 'ended') return refuse({ kind: 'game-over' });
  const voter = state.players.find((p) => p.person === person && !p.open);
  if (!voter) return refuse({ kind: state.joined.some((j) => j.person === person) ? 'standby-cannot-vote' : 'not-in-game' });
  if (!voter.alive) return refuse({ kind: 'dead-cannot-vote', nick: voter.nick });
  if (currentPhase(state).kind !== 'day') return refuse({ kind: 'no-votes-at-night', phase: currentPhase(state) });
  const others = state.votes.filter((v) => v.voter !== voter.seat);
  let target: VoteTarget | null = null;
  if (written.kind === 'unvote') {
    if (others.length === state.votes.length) return refuse({ kind: 'no-vote-to-withdraw' });
  } else if (written.kind === 'no-lynch') {
    if (!state.settings.noLynch) return refuse({ kind: 'no-lynch-not-allowed' });
    target = 'no-lynch';
  } else {
    const named = namedPlayer(written.written, state.players);
    if (!named) {
      const first = written.written.split(/\s+/)[0] ?? written.written;
      return refuse({
        kind: 'unknown-player',
        written: first,
        suggestion: closeNick(
          first,
          livingPlayers(state).map((p) => p.nick),
        ),
      });
    }
    if (!named.alive) return refuse({ kind: 'vote-for-dead', nick: named.nick });
    target = named.seat;
  }
  const voted: MafiaState = { ...state, votes: target === null ? others : [...others, { voter: voter.seat, target }] };
  const count = voteCount(voted);
  const shown = state.settings.voteCounts === 'public' ? count : null;
  const effects: MafiaEffect[] = [
    {
      kind: 'reply',
      reply:
        target === null
          ? { kind: 'unvoted', count: shown }
          : { kind: 'voted', target: target === 'no-lynch' ? 'no-lynch' : namedNick(voted, target), count: shown },
    },
  ];
  if (state.settings.hammer && target !== null && majorityReached(count) !== null) {
    const ended = endPhase(voted, true);
    return done(ended.state, [...effects, ...ended.effects]);
  }
  effects.push({ kind: 'notice', to: state.settings.voteCounts === 'public' ? EVERYONE : GMS, notice: { kind: 'vote-count', count } });
  return done(voted, effects);
}

function namedNick(state: MafiaState, seat: number): string {
  return state.players.find((p) => p.seat === seat)!.nick;
}

// --- GM lines -----------------------------------------------------------------------------------

function gmLine(state: MafiaState, line: string, now: Date): Step {
  const read = readGmLine(state, line);
  if (!read.ok) return refuse(read.refusal);
  if (read.actions.length === 0) return done(state);
  if (state.status === 'forming') return refuse({ kind: 'not-started' });
  let current = state;
  const effects: MafiaEffect[] = [];
  for (const action of read.actions) {
    if (current.status === 'ended' && action.kind !== 'unend-game') return refuse({ kind: 'game-over' });
    const applied = gmAction(current, action, now);
    if (!applied.ok) return applied;
    current = applied.state;
    effects.push(...applied.effects);
  }
  return done(current, effects);
}

function gmAction(state: MafiaState, action: GmAction, now: Date): Step {
  const phase = currentPhase(state);
  const zone = state.settings.zone;
  switch (action.kind) {
    case 'death': {
      const player = state.players.find((p) => p.seat === action.seat)!;
      if (!player.alive) return refuse({ kind: 'already-dead', nick: player.nick });
      // A lynch flipped after the day has ended (the hammer, the deadline) belongs to that day.
      const when = action.lynched && phase.kind === 'night' ? { kind: 'day' as const, number: phase.number } : phase;
      const players = state.players.map((p) => (p.seat === player.seat ? { ...p, alive: false, death: { phase: when, comment: action.comment } } : p));
      // The dead neither vote nor can be voted for: their votes and the votes on them lapse.
      const votes = state.votes.filter((v) => v.voter !== player.seat && v.target !== player.seat);
      return done({ ...state, players, votes }, [{ kind: 'reply', reply: { kind: 'died', nick: player.nick, comment: action.comment, phase: when } }]);
    }
    case 'resurrect': {
      const player = state.players.find((p) => p.seat === action.seat)!;
      if (player.alive) return refuse({ kind: 'not-dead', nick: player.nick });
      const players = state.players.map((p) => (p.seat === player.seat ? { ...p, alive: true, death: null } : p));
      return done({ ...state, players }, [{ kind: 'reply', reply: { kind: 'resurrected', nick: player.nick } }]);
    }
    case 'replace': {
      const old = state.players.find((p) => p.seat === action.seat)!;
      const newcomer = state.joined.find((j) => j.person === action.newcomer)!;
      const nick = newcomer.nick!;
      const { open: _open, ...held } = old;
      const players = state.players.map((p) =>
        p.seat === old.seat ? { ...held, person: newcomer.person, nick, formerly: [...p.formerly, { nick: old.nick, person: old.person, phase }] } : p,
      );
      return done({ ...state, players, joined: state.joined.filter((j) => j.person !== newcomer.person) }, [
        { kind: 'reply', reply: { kind: 'replaced', nick, old: old.nick } },
        {
          kind: 'notice',
          to: { kind: 'people', people: [newcomer.person], gms: false },
          notice: { kind: 'you-replace', nick, old: old.nick, role: old.role, earlier: postsReadableBy(state, old.seat) },
        },
        { kind: 'notice', to: { kind: 'people', people: [old.person], gms: false }, notice: { kind: 'you-were-replaced', nick: old.nick, by: nick } },
      ]);
    }
    case 'phase-line': {
      const next = phaseAt(state.phaseIndex + 1);
      if (action.verb === 'begun' && action.phase === phase.kind) return done(state, [{ kind: 'reply', reply: { kind: 'phase-begun-noted', phase } }]);
      const named = action.verb === 'ended' ? phase.kind : next.kind;
      if (action.phase !== named)
        return done(state, [{ kind: 'reply', reply: { kind: 'phase-line-ignored', written: action.phase, verb: action.verb, phase } }]);
      const ended = endPhase({ ...state, schedule: endNow(state.schedule!, now) }, false);
      return done(ended.state, [{ kind: 'reply', reply: { kind: 'phase-ended', phase, next } }, ...ended.effects]);
    }
    case 'move': {
      const moved = moveSchedule(state.schedule!, state.settings, state.phaseIndex, action, now);
      if (!moved.ok) return refuse({ kind: 'deadline-in-past', wouldBe: iso(moved.wouldBe), zone });
      const deadline = moved.schedule.deadline;
      return done({ ...state, schedule: moved.schedule }, [
        { kind: 'reply', reply: { kind: 'deadline-moved', direction: action.direction, duration: action.duration, deadline, zone } },
        { kind: 'notice', to: EVERYONE, notice: { kind: 'deadline-moved', phase, deadline, zone } },
      ]);
    }
    case 'end-game':
      return done({ ...state, status: 'ended' }, [
        { kind: 'reply', reply: { kind: 'game-ended' } },
        { kind: 'notice', to: EVERYONE, notice: { kind: 'game-ended', phase } },
      ]);
    case 'unend-game': {
      if (state.status !== 'ended') return refuse({ kind: 'not-ended' });
      const resumed = resumeSchedule(state.schedule!, state.settings, state.phaseIndex, now);
      const votes = resumed.index === state.phaseIndex ? state.votes : [];
      const back = phaseAt(resumed.index);
      return done({ ...state, status: 'running', phaseIndex: resumed.index, schedule: resumed.schedule, votes }, [
        { kind: 'reply', reply: { kind: 'game-unended', phase: back, deadline: resumed.schedule.deadline, zone } },
        { kind: 'notice', to: EVERYONE, notice: { kind: 'game-unended', phase: back, deadline: resumed.schedule.deadline, zone } },
      ]);
    }
  }
}

// --- The clock ----------------------------------------------------------------------------------

/** The current phase ends: a day's final count is announced, and the next phase begins with its scheduled deadline. */
function endPhase(state: MafiaState, byMajority: boolean): { state: MafiaState; effects: MafiaEffect[] } {
  const phase = currentPhase(state);
  const effects: MafiaEffect[] = [];
  if (phase.kind === 'day') {
    const count = voteCount(state);
    effects.push({ kind: 'notice', to: EVERYONE, notice: { kind: 'day-ended', phase, count, outcome: dayOutcome(count), byMajority } });
  }
  const nextIndex = state.phaseIndex + 1;
  // Later deadlines are the schedule's; one already past (the judge was down) ends in turn at the next deadline event.
  const schedule = scheduleNextPhase(state.schedule!, state.settings, nextIndex);
  const next: MafiaState = { ...state, phaseIndex: nextIndex, votes: [], schedule };
  effects.push({
    kind: 'notice',
    to: EVERYONE,
    notice: { kind: 'phase-begun', phase: phaseAt(nextIndex), deadline: schedule.deadline, zone: state.settings.zone },
  });
  return { state: next, effects };
}

function deadlinePassed(state: MafiaState, now: Date): Step {
  let current = state;
  const effects: MafiaEffect[] = [];
  // Several deadlines may have passed while the judge was down; each phase ends in turn (bounded).
  for (let i = 0; i < 20 && current.status === 'running' && current.schedule !== null && Date.parse(current.schedule.deadline) <= now.getTime(); i++) {
    const ended = endPhase(current, false);
    current = ended.state;
    effects.push(...ended.effects);
  }
  return done(current, effects);
}

function remind(state: MafiaState, now: Date): Step {
  if (state.status !== 'running' || state.schedule === null || currentPhase(state).kind !== 'day' || state.settings.reminder === null) return done(state);
  if (Date.parse(state.schedule.deadline) <= now.getTime()) return done(state);
  const voted = new Set(state.votes.map((v) => v.voter));
  const silent = livingPlayers(state).filter((p) => !voted.has(p.seat));
  if (silent.length === 0) return done(state);
  return done(state, [
    {
      kind: 'notice',
      to: { kind: 'people', people: silent.map((p) => p.person), gms: false },
      notice: { kind: 'reminder', phase: currentPhase(state), deadline: state.schedule.deadline, zone: state.settings.zone },
    },
  ]);
}

/** The timed events the judge keeps for the game: the current deadline and the day's reminder. */
export function plannedEvents(state: MafiaState): { kind: 'deadline' | 'reminder'; at: Date; phaseIndex: number }[] {
  if (state.status !== 'running' || state.schedule === null) return [];
  const deadline = new Date(state.schedule.deadline);
  const events: { kind: 'deadline' | 'reminder'; at: Date; phaseIndex: number }[] = [{ kind: 'deadline', at: deadline, phaseIndex: state.phaseIndex }];
  const reminder = state.settings.reminder;
  if (reminder !== null && currentPhase(state).kind === 'day') {
    const minutes = (reminder.days * 24 + reminder.hours) * 60 + reminder.minutes;
    events.push({ kind: 'reminder', at: new Date(deadline.getTime() - minutes * 60_000), phaseIndex: state.phaseIndex });
  }
  return events;
}
