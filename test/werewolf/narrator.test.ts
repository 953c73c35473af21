import { describe, expect, it } from 'vitest';
import type { RoleSet } from '../../src/werewolf/definitions.ts';
import { availableActions, seenBy, startGame, step } from '../../src/werewolf/engine.ts';
import { phaseAt } from '../../src/werewolf/phases.ts';
import type { Command, Effect, GameState, Refusal } from '../../src/werewolf/state.ts';
import { all, NAMES, setWith, who } from './roleset-fixtures.ts';

// The narrator's engine, one construct at a time, on small sets written inline: each test plays the
// construct through commands and checks the effects and the state it leaves.

interface Played {
  readonly state: GameState;
  readonly effects: readonly Effect[];
}

function start(set: RoleSet, seed = 1): Played {
  const size = set.roleLists[0]!.players;
  const result = startGame(set, { players: NAMES.slice(0, size), seed });
  if (!result.ok) throw new Error(JSON.stringify(result.refusal));
  return result;
}

function play(set: RoleSet, state: GameState, ...commands: Command[]): Played {
  let current = state;
  const effects: Effect[] = [];
  for (const command of commands) {
    const result = step(set, current, command);
    if (!result.ok) throw new Error(`${JSON.stringify(command)} refused: ${JSON.stringify(result.refusal)}`);
    current = result.state;
    effects.push(...result.effects);
  }
  return { state: current, effects };
}

function refused(set: RoleSet, state: GameState, command: Command): Refusal {
  const result = step(set, state, command);
  if (result.ok) throw new Error('expected a refusal');
  return result.refusal;
}

const END: Command = { kind: 'end-phase' };
const act = (player: string, actionId: string, ...selections: string[]): Command => ({ kind: 'act', player, actionId, selections });
const vote = (player: string, poll: string, choice: string): Command => ({ kind: 'vote', player, poll, choice });
const deaths = (effects: readonly Effect[]) => effects.flatMap((e) => (e.kind === 'death' ? [e.player] : []));
const ofKind = <K extends Effect['kind']>(effects: readonly Effect[], kind: K) => effects.filter((e): e is Extract<Effect, { kind: K }> => e.kind === kind);
const alive = (state: GameState, name: string) => state.players.find((p) => p.name === name)!.alive;
const player = (state: GameState, name: string) => state.players.find((p) => p.name === name)!;
/** A living player of the role other than those named. */
const otherVillager = (state: GameState, ...not: string[]) => all(state, 'Villager').find((n) => !not.includes(n))!;

/** Wolves vote the pack's poll unanimously for `victim`. */
const wolvesKill = (state: GameState, victim: string): Command[] => all(state, 'Werewolf').map((w) => vote(w, 'Wolfpack', victim));

describe('dealing and phases', () => {
  const set = setWith('', 'Werewolf, Villager x4');

  it('deals the role list at random from the seed, the same every time for one seed', () => {
    const a = start(set, 7);
    const b = start(set, 7);
    expect(a.state.players.map((p) => p.role)).toEqual(b.state.players.map((p) => p.role));
    expect(a.state.players.map((p) => p.role).sort()).toEqual(['Villager', 'Villager', 'Villager', 'Villager', 'Werewolf']);
    const wolfSeats = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => start(set, seed).state.players.findIndex((p) => p.role === 'Werewolf')));
    expect(wolfSeats.size).toBeGreaterThan(1);
  });

  it('tells each player their role privately and the pack its members', () => {
    const { state, effects } = start(set);
    const dealt = ofKind(effects, 'role-dealt');
    expect(dealt.map((e) => e.audience)).toEqual(NAMES.slice(0, 5).map((p) => ({ kind: 'player', player: p })));
    expect(dealt.find((e) => e.player === who(state, 'Werewolf'))).toMatchObject({ role: 'Werewolf', team: 'Werewolf', roleClass: 'Werewolf' });
    expect(ofKind(effects, 'group-members')).toEqual([
      {
        kind: 'group-members',
        group: 'Wolfpack',
        members: [who(state, 'Werewolf')],
        audience: { kind: 'group', group: 'Wolfpack', members: [who(state, 'Werewolf')] },
      },
    ]);
  });

  it('refuses a number of players without a role list, and a name twice', () => {
    expect(startGame(set, { players: NAMES.slice(0, 4), seed: 1 })).toEqual({ ok: false, refusal: { kind: 'no-role-list', players: 4, sizes: [5] } });
    expect(startGame(set, { players: ['a', 'b', 'c', 'd', 'A'], seed: 1 })).toEqual({ ok: false, refusal: { kind: 'duplicate-player', player: 'A' } });
  });

  it('alternates Night n, Day n, Night n+1, from the first phase the set names', () => {
    expect([0, 1, 2, 3].map((i) => phaseAt(set, i))).toEqual([
      { time: 'Night', number: 1 },
      { time: 'Day', number: 1 },
      { time: 'Night', number: 2 },
      { time: 'Day', number: 2 },
    ]);
    expect([0, 1, 2].map((i) => phaseAt({ firstPhase: { time: 'Day', number: 0 } }, i))).toEqual([
      { time: 'Day', number: 0 },
      { time: 'Night', number: 1 },
      { time: 'Day', number: 1 },
    ]);
    const { state } = start(set);
    const { effects } = play(set, state, END);
    expect(ofKind(effects, 'phase-started').map((e) => e.phase)).toEqual([{ time: 'Day', number: 1 }]);
  });
});

describe('polls', () => {
  const set = setWith('', 'Werewolf x2, Villager x5');

  it("runs the pack's night poll: the winner is attacked, the tally goes to the pack, the death to everyone", () => {
    const { state } = start(set);
    const victim = otherVillager(state);
    const { state: after, effects } = play(set, state, ...wolvesKill(state, victim), END);
    const [poll] = ofKind(effects, 'poll-closed');
    expect(poll).toMatchObject({ poll: 'Wolfpack', winner: victim, tally: [{ choice: victim, votes: 2, voters: all(state, 'Werewolf') }] });
    expect(poll!.audience).toEqual({ kind: 'group', group: 'Wolfpack', members: all(state, 'Werewolf') });
    expect(ofKind(effects, 'death')).toEqual([{ kind: 'death', player: victim, role: 'Villager', cause: 'Attack', audience: { kind: 'public' } }]);
    expect(alive(after, victim)).toBe(false);
  });

  it('opens the lynch by day: only the living vote, a vote can change, a tie or Abstain lynches nobody', () => {
    const { state } = play(set, start(set).state, END);
    const [a, b, c] = all(state, 'Villager');
    expect(availableActions(set, state, a!)).toEqual([expect.objectContaining({ kind: 'vote', poll: 'Lynch', chosen: null })]);
    const tie = play(set, state, vote(a!, 'Lynch', b!), vote(b!, 'Lynch', a!));
    expect(ofKind(play(set, tie.state, END).effects, 'poll-closed')[0]!.winner).toBeNull();
    const abstain = play(set, state, vote(a!, 'Lynch', 'abstain'), vote(b!, 'Lynch', 'Abstain'), vote(c!, 'Lynch', a!));
    expect(deaths(play(set, abstain.state, END).effects)).toEqual([]);
    const changed = play(set, state, vote(a!, 'Lynch', b!), vote(c!, 'Lynch', b!), vote(a!, 'lynch', c!), vote(b!, 'Lynch', c!));
    const closed = play(set, changed.state, END);
    expect(ofKind(closed.effects, 'poll-closed')[0]).toMatchObject({ winner: c, audience: { kind: 'public' } });
    expect(ofKind(closed.effects, 'death')[0]).toMatchObject({ player: c, cause: 'Lynch' });
  });

  it('refuses votes from outside the poll, for no option, and from the dead; UNVOTE takes a vote back', () => {
    const { state } = start(set);
    const villager = otherVillager(state);
    const wolf = who(state, 'Werewolf');
    expect(refused(set, state, vote(villager, 'Wolfpack', wolf))).toEqual({ kind: 'not-a-voter', poll: 'Wolfpack' });
    expect(refused(set, state, vote(wolf, 'Wolfpack', all(state, 'Werewolf')[1]!))).toMatchObject({ kind: 'bad-choice' });
    expect(refused(set, state, vote(wolf, 'Lynch', villager))).toEqual({ kind: 'no-such-poll', poll: 'Lynch' });
    const night = play(set, state, ...wolvesKill(state, villager), { kind: 'unvote', player: wolf, poll: 'Wolfpack' }, END);
    expect(ofKind(night.effects, 'poll-closed')[0]!.tally).toEqual([{ choice: villager, votes: 1, voters: [all(state, 'Werewolf')[1]] }]);
    expect(refused(set, night.state, vote(villager, 'Lynch', wolf))).toEqual({ kind: 'dead', player: villager });
  });

  it('hides the voters when the poll says Show Voters: No, and picks Random from its selector by the seed', () => {
    const hidden = setWith(
      '',
      'Werewolf, Villager x4',
      '**Draw** | Poll\nAvailable Options: Random, Abstain\nAllowed Voters: @All\nShow Voters: No\nRandom: @(Role:Villager)\nStart Day: Create Poll in #tavern\nOn Poll Closed: Lynch @Winner',
    );
    const { state } = play(hidden, start(hidden).state, END);
    const voters = all(state, 'Villager');
    const { effects } = play(hidden, state, ...voters.map((v) => vote(v, 'Draw', 'Random')), END);
    const draw = ofKind(effects, 'poll-closed').find((e) => e.poll === 'Draw')!;
    expect(draw.tally).toEqual([{ choice: 'Random', votes: 4, voters: null }]);
    expect(voters).toContain(draw.winner);
    expect(deaths(effects)).toEqual([draw.winner]);
  });
});

describe('protecting, killing subtypes and durations', () => {
  const set = setWith(
    [
      '**Doctor** | Townsfolk Power',
      "End Night: Protect @Selection from 'Attacks' through Active Defense (~Phase) [Succession: No Target Succession]",
      '',
      '**Vigilante** | Townsfolk Killing',
      'End Night: Kill @Selection',
      '',
      '**Executioner** | Townsfolk Killing',
      'End Night: True Kill @Selection',
      '',
      '**Guardian** | Townsfolk Power',
      "Starting: Protect @Self from 'Kills' through Passive Defense (~UntilUse)",
    ].join('\n'),
    'Werewolf x2, Doctor, Vigilante, Executioner, Guardian, Villager x3',
  );

  it('protects before the kill: an attack is stopped, and only the protector is told', () => {
    const { state } = start(set);
    const victim = otherVillager(state);
    const doctor = who(state, 'Doctor');
    const { state: after, effects } = play(set, state, act(doctor, 'Doctor#1', victim), ...wolvesKill(state, victim), END);
    expect(deaths(effects)).toEqual([]);
    expect(ofKind(effects, 'protected')).toEqual([{ kind: 'protected', protector: doctor, target: victim, audience: { kind: 'player', player: doctor } }]);
    // ~Phase: gone with the night.
    expect(player(after, victim).attributes).toEqual([]);
  });

  it('stops an attack but not a kill with a defense from Attacks; nothing stops a true kill', () => {
    const { state } = start(set);
    const [a, b] = all(state, 'Villager');
    const commands = [
      act(who(state, 'Doctor'), 'Doctor#1', a!),
      act(who(state, 'Vigilante'), 'Vigilante#1', a!),
      act(who(state, 'Executioner'), 'Executioner#1', who(state, 'Guardian')),
    ];
    const { effects } = play(set, state, ...commands, ...wolvesKill(state, b!), END);
    expect(deaths(effects).sort()).toEqual([a!, b!, who(state, 'Guardian')].sort());
  });

  it('uses up a defense lasting until its use: the second kill goes through', () => {
    const { state } = start(set);
    const guardian = who(state, 'Guardian');
    const vigilante = who(state, 'Vigilante');
    expect(player(state, guardian).attributes).toMatchObject([{ type: 'defense', from: 'Kills', defense: 'Passive', duration: 'UntilUse' }]);
    const first = play(set, state, act(vigilante, 'Vigilante#1', guardian), END, END);
    expect(deaths(first.effects)).toEqual([]);
    expect(player(first.state, guardian).attributes).toEqual([]);
    expect(deaths(play(set, first.state, act(vigilante, 'Vigilante#1', guardian), END).effects)).toEqual([guardian]);
  });

  it('refuses protecting the same player two nights running (No Target Succession), not a different one', () => {
    const { state } = start(set);
    const doctor = who(state, 'Doctor');
    const [a, b] = all(state, 'Villager');
    const next = play(set, state, act(doctor, 'Doctor#1', a!), END, END).state;
    expect(refused(set, next, act(doctor, 'Doctor#1', a!))).toEqual({ kind: 'restricted', actionId: 'Doctor#1', why: 'target-succession' });
    expect(play(set, next, act(doctor, 'Doctor#1', b!)).state.submissions).toHaveLength(1);
  });

  it('keeps a ~NextDay attribute through the next day, and a ~Permanent one for good', () => {
    const timed = setWith(
      "**Blesser** | Townsfolk Power\nEnd Night: Apply 'Blessed' to @Selection (~NextDay)\nEnd Day: Apply 'Marked' to @Selection",
      'Werewolf, Blesser, Villager x3',
      '**Blessed** | Attribute\nNo Abilities\n\n**Marked** | Attribute\nNo Abilities',
    );
    const { state } = start(timed);
    const blesser = who(state, 'Blesser');
    const target = otherVillager(state);
    const night = play(timed, state, act(blesser, 'Blesser#1', target), END).state;
    expect(player(night, target).attributes.map((a) => a.type === 'custom' && a.name)).toEqual(['Blessed']);
    const day = play(timed, night, act(blesser, 'Blesser#2', target), END).state;
    expect(player(day, target).attributes.map((a) => a.type === 'custom' && a.name)).toEqual(['Marked']);
    expect(player(play(timed, day, END, END).state, target).attributes.map((a) => a.type === 'custom' && a.name)).toEqual(['Marked']);
  });
});

describe('investigating and disguises', () => {
  const set = setWith(
    [
      '**Seer** | Townsfolk Investigative',
      'End Night: Role Investigate @Selection (WD)',
      '',
      '**Aura Seer** | Townsfolk Investigative',
      'End Night: Alignment Investigate @Selection',
      '',
      '**Alpha** | Werewolf Killing',
      "Starting: Join 'Wolfpack'",
      "Starting: Weakly Disguise @Self as 'Villager'",
      '',
      '**Oracle** | Townsfolk Investigative',
      'Immediate Night: Category Investigate @Selection',
    ].join('\n'),
    'Werewolf, Alpha, Seer, Aura Seer, Oracle, Villager x4',
  );

  it('answers the seer with the role, the aura seer with the alignment, each privately', () => {
    const { state } = start(set);
    const seer = who(state, 'Seer');
    const aura = who(state, 'Aura Seer');
    const wolf = who(state, 'Werewolf');
    const { effects } = play(set, state, act(seer, 'Seer#1', wolf), act(aura, 'Aura Seer#1', wolf), END);
    expect(ofKind(effects, 'investigated')).toEqual([
      { kind: 'investigated', investigator: seer, target: wolf, subtype: 'Role', result: 'Werewolf', audience: { kind: 'player', player: seer } },
      { kind: 'investigated', investigator: aura, target: wolf, subtype: 'Alignment', result: 'Werewolf', audience: { kind: 'player', player: aura } },
    ]);
  });

  it('is fooled by a weak disguise when the investigation lists WD, and not otherwise', () => {
    const { state } = start(set);
    const alpha = who(state, 'Alpha');
    const { effects } = play(set, state, act(who(state, 'Seer'), 'Seer#1', alpha), act(who(state, 'Aura Seer'), 'Aura Seer#1', alpha), END);
    expect(ofKind(effects, 'investigated').map((e) => e.result)).toEqual(['Villager', 'Werewolf']);
  });

  it('answers an Immediate investigation at once; it cannot be taken back or repeated in the phase', () => {
    const { state } = start(set);
    const oracle = who(state, 'Oracle');
    const wolf = who(state, 'Werewolf');
    const { state: after, effects } = play(set, state, act(oracle, 'Oracle#1', wolf));
    expect(ofKind(effects, 'investigated')).toMatchObject([{ investigator: oracle, subtype: 'Category', result: 'Killing' }]);
    expect(availableActions(set, after, oracle)).toEqual([]);
    expect(refused(set, after, act(oracle, 'Oracle#1', wolf))).toEqual({ kind: 'restricted', actionId: 'Oracle#1', why: 'quantity' });
  });

  it('lets an End action be changed or withdrawn until the phase ends: the last choice counts', () => {
    const { state } = start(set);
    const seer = who(state, 'Seer');
    const [a, b] = all(state, 'Villager');
    const changed = play(set, state, act(seer, 'Seer#1', a!), act(seer, 'Seer#1', b!));
    expect(availableActions(set, changed.state, seer)).toMatchObject([{ verb: 'INVESTIGATE', chosen: [b] }]);
    expect(ofKind(play(set, changed.state, END).effects, 'investigated').map((e) => e.target)).toEqual([b]);
    const withdrawn = play(set, changed.state, { kind: 'withdraw', player: seer, actionId: 'Seer#1' });
    expect(ofKind(play(set, withdrawn.state, END).effects, 'investigated')).toEqual([]);
    expect(refused(set, withdrawn.state, { kind: 'withdraw', player: seer, actionId: 'Seer#1' })).toEqual({ kind: 'nothing-to-withdraw', actionId: 'Seer#1' });
  });

  it('refuses an action of another role, a selection that is no living other player, and the wrong phase', () => {
    const { state } = start(set);
    const seer = who(state, 'Seer');
    expect(refused(set, state, act(seer, 'Oracle#1', seer))).toEqual({ kind: 'no-such-action', actionId: 'Oracle#1' });
    expect(refused(set, state, act(seer, 'Seer#1', seer))).toMatchObject({ kind: 'bad-selection', written: seer });
    expect(refused(set, state, act(seer, 'Seer#1', 'nobody'))).toMatchObject({ kind: 'bad-selection', written: 'nobody' });
    const day = play(set, state, END).state;
    expect(refused(set, day, act(seer, 'Seer#1', otherVillager(day)))).toEqual({ kind: 'restricted', actionId: 'Seer#1', why: 'phase' });
  });
});

describe('triggers', () => {
  const set = setWith(
    [
      '**Hunter** | Townsfolk Killing',
      'Immediate: Target @Selection',
      'On Death: Kill @Target {Forced}',
      '',
      '**Avenger** | Townsfolk Killing',
      'On Killed: Kill @Attacker',
      '',
      '**Veteran** | Townsfolk Killing',
      'On Visited [Investigating]: Kill @Visitor',
      '',
      '**Seer** | Townsfolk Investigative',
      'End Night: Role Investigate @Selection',
      '',
      '**Bell** | Townsfolk Miscellaneous',
      "Passive End Day: Announce 'The bell tolls.'",
      "Passive Start Night: Learn 'Night falls on you.'",
    ].join('\n'),
    'Werewolf x2, Hunter, Avenger, Veteran, Seer, Bell, Villager x4',
  );

  it('fires On Death: the hunter shoots the player targeted beforehand', () => {
    const { state } = start(set);
    const hunter = who(state, 'Hunter');
    const wolf = who(state, 'Werewolf');
    const targeted = play(set, state, act(hunter, 'Hunter#1', wolf));
    expect(ofKind(targeted.effects, 'targeted')).toEqual([{ kind: 'targeted', player: hunter, target: wolf, audience: { kind: 'player', player: hunter } }]);
    const { effects } = play(set, targeted.state, ...wolvesKill(state, hunter), END);
    expect(deaths(effects)).toEqual([hunter, wolf]);
    expect(ofKind(effects, 'death')[1]).toMatchObject({ cause: 'Kill' });
  });

  it('makes a {Forced} On Death choose at random (from the seed) when no target was set', () => {
    const { state } = start(set);
    const hunter = who(state, 'Hunter');
    const first = deaths(play(set, state, ...wolvesKill(state, hunter), END).effects);
    const again = deaths(play(set, state, ...wolvesKill(state, hunter), END).effects);
    expect(first).toHaveLength(2);
    expect(first[0]).toBe(hunter);
    expect(again).toEqual(first);
  });

  it('fires On Killed for a night kill with the attacker, but not for a lynch', () => {
    const { state } = start(set);
    const avenger = who(state, 'Avenger');
    const night = play(set, state, ...wolvesKill(state, avenger), END);
    const [killed, avenged] = deaths(night.effects);
    expect(killed).toBe(avenger);
    expect(all(state, 'Werewolf')).toContain(avenged);
    const day = play(set, play(set, state, END).state, ...all(state, 'Villager').map((v) => vote(v, 'Lynch', avenger)), END);
    expect(deaths(day.effects)).toEqual([avenger]);
  });

  it('fires On Visited for the named ability type, before it acts', () => {
    const { state } = start(set);
    const seer = who(state, 'Seer');
    const veteran = who(state, 'Veteran');
    const { effects } = play(set, state, act(seer, 'Seer#1', veteran), END);
    expect(deaths(effects)).toEqual([seer]);
    expect(ofKind(effects, 'investigated')).toMatchObject([{ target: veteran, result: 'Veteran' }]);
    // Attacked by the pack (Killing, not Investigating): no trigger.
    expect(deaths(play(set, state, ...wolvesKill(state, veteran), END).effects)).toEqual([veteran]);
  });

  it('fires the passive phase triggers by themselves: a public announcement at the end of the day, a private line at nightfall', () => {
    const { state } = start(set);
    const bell = who(state, 'Bell');
    const { effects } = play(set, state, END, END);
    expect(ofKind(effects, 'announced')).toEqual([{ kind: 'announced', text: 'The bell tolls.', audience: { kind: 'public' } }]);
    expect(ofKind(effects, 'learned')).toEqual([{ kind: 'learned', player: bell, text: 'Night falls on you.', audience: { kind: 'player', player: bell } }]);
  });
});

describe('blocks, redirections and votes', () => {
  const set = setWith(
    [
      '**Seer** | Townsfolk Investigative',
      'End Night: Role Investigate @Selection',
      '',
      '**Jailer** | Townsfolk Power',
      'End Night: Obstruct @Selection (~Phase)',
      '',
      '**Trickster** | Townsfolk Power',
      "End Night: Redirect 'Killing' from @(Align:Werewolf) to @Selection (~Phase)",
      '',
      '**Mayor** | Townsfolk Elected',
      "Starting: Manipulate @Self's 'public voting power' by '1'",
      '',
      '**Silencer** | Townsfolk Power',
      "End Night: Manipulate @Selection's 'private voting power' to '0' (~NextNight)",
    ].join('\n'),
    'Werewolf x2, Seer, Jailer, Trickster, Mayor, Silencer, Villager x4',
  );

  it('runs a block before the blocked action: the seer learns nothing and is told so', () => {
    const { state } = start(set);
    const seer = who(state, 'Seer');
    const { effects } = play(set, state, act(who(state, 'Jailer'), 'Jailer#1', seer), act(seer, 'Seer#1', who(state, 'Werewolf')), END);
    expect(ofKind(effects, 'investigated')).toEqual([]);
    expect(ofKind(effects, 'obstructed')).toEqual([{ kind: 'obstructed', player: seer, actionId: 'Seer#1', audience: { kind: 'player', player: seer } }]);
  });

  it("redirects the pack's kill to the trickster's choice", () => {
    const { state } = start(set);
    const [meant, instead] = all(state, 'Villager');
    const { effects } = play(set, state, act(who(state, 'Trickster'), 'Trickster#1', instead!), ...wolvesKill(state, meant!), END);
    expect(deaths(effects)).toEqual([instead]);
  });

  it("counts the mayor's public vote twice", () => {
    const { state } = play(set, start(set).state, END);
    const mayor = who(state, 'Mayor');
    const [a, b] = all(state, 'Villager');
    const { effects } = play(set, state, vote(mayor, 'Lynch', a!), vote(a!, 'Lynch', b!), END);
    expect(ofKind(effects, 'poll-closed')[0]!.tally).toEqual([
      { choice: a, votes: 2, voters: [mayor] },
      { choice: b, votes: 1, voters: [a] },
    ]);
    expect(deaths(effects)).toEqual([a]);
  });

  it('silences a wolf in the pack poll for the next night', () => {
    const { state } = start(set);
    const [w1, w2] = all(state, 'Werewolf');
    const [a, b] = all(state, 'Villager');
    const night1 = play(set, state, act(who(state, 'Silencer'), 'Silencer#1', w1!), END, END).state;
    const { effects } = play(set, night1, vote(w1!, 'Wolfpack', a!), vote(w2!, 'Wolfpack', b!), END);
    expect(ofKind(effects, 'poll-closed')[0]!.tally).toEqual([
      { choice: b, votes: 1, voters: [w2] },
      { choice: a, votes: 0, voters: [w1] },
    ]);
    expect(deaths(effects)).toEqual([b]);
  });
});

describe('attributes, groups, counters, announcements and restrictions', () => {
  const set = setWith(
    [
      '**Cultist** | Townsfolk Group',
      "End Night: Add @Selection to 'Cult' [Quantity: 1]",
      'Immediate Day: Reveal @Self to #town_square',
      "Starting: Join 'Cult'",
      '',
      '**Marker** | Townsfolk Power',
      "End Night: Apply 'Marked' to @Selection",
      "End Day: Attribute Investigate @Selection for 'Marked'",
      "Immediate Night: Remove 'Marked' from @Selection [Attribute: has 'Eraser']",
      '',
      '**Counter** | Townsfolk Miscellaneous',
      'Passive End Night: Increment Counter by 2',
      'Passive End Day: Decrement Counter',
      '',
      '**Late Bloomer** | Townsfolk Killing',
      'End Night: Kill @Selection [Temporal: Night 2+]',
      '',
      '**Twin** | Townsfolk Investigative',
      'End Night: Role Investigate @Selection ⟨x2⟩',
      '',
      '**Herald** | Townsfolk Power',
      "Start Day: Protect @Selection from 'Lynches' through Active Defense (~Phase)",
      '',
      '**Brute** | Townsfolk Power',
      "Passive: Manipulate @Self's 'public voting power' by '2'",
    ].join('\n'),
    'Werewolf x2, Cultist, Marker, Counter, Late Bloomer, Twin, Herald, Brute, Villager x3',
    '**Cult** | Townsfolk Group\nNo Abilities\n\n**Marked** | Attribute\nNo Abilities\n\n**Eraser** | Attribute\nNo Abilities\n\n**Cult** | Poll\nAvailable Options: @All\nAllowed Voters: @(Group:Cult)\nStart Day: Create Poll in #Cult',
  );

  it('adds a player to a group, whose poll they then vote in; the group poll is told to the members', () => {
    const { state } = start(set);
    const cultist = who(state, 'Cultist');
    const recruit = otherVillager(state);
    const { state: day, effects } = play(set, state, act(cultist, 'Cultist#1', recruit), END);
    expect(player(day, recruit).attributes).toMatchObject([{ type: 'membership', group: 'Cult' }]);
    const seated = state.players.map((p) => p.name).filter((name) => name === cultist || name === recruit);
    expect(ofKind(effects, 'poll-opened').find((e) => e.poll === 'Cult')!.audience).toEqual({ kind: 'group', group: 'Cult', members: seated });
    expect(availableActions(set, day, recruit).map((o) => (o.kind === 'vote' ? o.poll : o.verb))).toEqual(['Lynch', 'Cult']);
  });

  it('reveals a role publicly', () => {
    const { state } = play(set, start(set).state, END);
    const cultist = who(state, 'Cultist');
    expect(play(set, state, act(cultist, 'Cultist#2')).effects).toEqual([
      { kind: 'revealed', player: cultist, role: 'Cultist', location: 'town_square', audience: { kind: 'public' } },
    ]);
  });

  it('applies a custom attribute, finds it by investigation, and removes it only with the attribute the restriction asks for', () => {
    const { state } = start(set);
    const marker = who(state, 'Marker');
    const target = otherVillager(state);
    expect(availableActions(set, state, marker).map((o) => o.kind === 'action' && o.verb)).toEqual(['APPLY']);
    expect(refused(set, state, act(marker, 'Marker#3', target))).toEqual({ kind: 'restricted', actionId: 'Marker#3', why: 'attribute' });
    const day = play(set, state, act(marker, 'Marker#1', target), END).state;
    expect(ofKind(play(set, day, act(marker, 'Marker#2', target), END).effects, 'attribute-investigated')).toEqual([
      { kind: 'attribute-investigated', investigator: marker, target, attribute: 'Marked', present: true, audience: { kind: 'player', player: marker } },
    ]);
  });

  it("counts with the player's counter at each phase end", () => {
    const { state } = start(set);
    const counter = who(state, 'Counter');
    expect(player(play(set, state, END).state, counter).counter).toBe(2);
    expect(player(play(set, state, END, END).state, counter).counter).toBe(1);
  });

  it('holds a Temporal: Night 2+ action back on night 1, and lets it act from night 2', () => {
    const { state } = start(set);
    const bloomer = who(state, 'Late Bloomer');
    expect(availableActions(set, state, bloomer)).toEqual([]);
    expect(refused(set, state, act(bloomer, 'Late Bloomer#1', otherVillager(state)))).toEqual({
      kind: 'restricted',
      actionId: 'Late Bloomer#1',
      why: 'temporal',
    });
    const night2 = play(set, state, END, END).state;
    expect(availableActions(set, night2, bloomer)).toMatchObject([{ verb: 'KILL' }]);
  });

  it('allows two selections with x2 scaling, and no more', () => {
    const { state } = start(set);
    const twin = who(state, 'Twin');
    const [a, b, c] = all(state, 'Villager');
    expect(refused(set, state, act(twin, 'Twin#1', a!, b!, c!))).toEqual({ kind: 'selection-count', most: 2, given: 3 });
    expect(ofKind(play(set, state, act(twin, 'Twin#1', a!, b!), END).effects, 'investigated').map((e) => e.target)).toEqual([a, b]);
  });

  it('runs a Start Day action chosen at night when the day starts: the protected player survives the lynch', () => {
    const { state } = start(set);
    const herald = who(state, 'Herald');
    const target = otherVillager(state);
    expect(availableActions(set, state, herald)).toMatchObject([{ verb: 'PROTECT', timing: 'Start' }]);
    const day = play(set, state, act(herald, 'Herald#1', target), END).state;
    expect(player(day, target).attributes).toMatchObject([{ type: 'defense', from: 'Lynches' }]);
    const lynch = play(set, day, ...all(day, 'Villager').map((v) => vote(v, 'Lynch', target)), END);
    expect(deaths(lynch.effects)).toEqual([]);
    expect(ofKind(lynch.effects, 'protected')).toMatchObject([{ protector: herald, target }]);
  });

  it('re-applies a Passive ability each phase without stacking it', () => {
    const { state } = start(set);
    const brute = who(state, 'Brute');
    const later = play(set, state, END, END, END).state;
    expect(player(later, brute).attributes.filter((a) => a.type === 'manipulation')).toHaveLength(1);
    const day = play(set, state, END).state;
    const target = otherVillager(day);
    expect(ofKind(play(set, day, vote(brute, 'Lynch', target), END).effects, 'poll-closed')[0]!.tally[0]).toMatchObject({ choice: target, votes: 3 });
  });

  it('limits an action by Quantity over the whole game', () => {
    const { state } = start(set);
    const cultist = who(state, 'Cultist');
    const next = play(set, state, act(cultist, 'Cultist#1', otherVillager(state)), END, END).state;
    expect(refused(set, next, act(cultist, 'Cultist#1', otherVillager(next)))).toEqual({ kind: 'restricted', actionId: 'Cultist#1', why: 'quantity' });
  });
});

describe('win conditions', () => {
  it('ends the game when every living player matches a team, revealing every role; nothing is taken after', () => {
    const set = setWith('', 'Werewolf, Villager x4');
    const { state } = play(set, start(set).state, END);
    const wolf = who(state, 'Werewolf');
    const { state: after, effects } = play(set, state, ...all(state, 'Villager').map((v) => vote(v, 'Lynch', wolf)), END);
    expect(ofKind(effects, 'game-ended')).toEqual([
      {
        kind: 'game-ended',
        winners: ['Townsfolk'],
        winningPlayers: all(state, 'Villager'),
        roles: state.players.map((p) => ({ player: p.name, role: p.role })),
        audience: { kind: 'public' },
      },
    ]);
    expect(after.ended).toEqual({ winners: ['Townsfolk'] });
    expect(refused(set, after, END)).toEqual({ kind: 'game-over' });
    expect(availableActions(set, after, all(state, 'Villager')[0]!)).toEqual([]);
  });

  it('gives the wolves the game at parity, checked after the death', () => {
    const set = setWith('', 'Werewolf, Villager x2');
    const { state } = start(set);
    const { effects } = play(set, state, ...wolvesKill(state, otherVillager(state)), END);
    expect(ofKind(effects, 'game-ended')[0]!.winners).toEqual(['Werewolf']);
    expect(ofKind(effects, 'phase-started')).toEqual([]);
  });
});

describe('locations', () => {
  it("reveals to a defined location's readers only: a graveyard of the dead", () => {
    const set = setWith(
      '**Medium** | Townsfolk Investigative\nImmediate Day: Reveal @Self to #Graveyard',
      'Werewolf, Medium, Villager x3',
      '**Graveyard**\nSort Index: 1\nMembers: Dead\nViewers: *None*',
    );
    const { state } = start(set);
    const victim = otherVillager(state);
    const day = play(set, state, ...wolvesKill(state, victim), END).state;
    const medium = who(day, 'Medium');
    const [revealed] = play(set, day, act(medium, 'Medium#1')).effects;
    expect(revealed).toEqual({
      kind: 'revealed',
      player: medium,
      role: 'Medium',
      location: 'Graveyard',
      audience: { kind: 'location', location: 'Graveyard', members: [victim] },
    });
    expect(seenBy(revealed!, victim)).toBe(true);
    expect(seenBy(revealed!, medium)).toBe(false);
  });
});

describe('more restrictions, compulsion, scaling and counters', () => {
  const set = setWith(
    [
      '**Sleepwalker** | Townsfolk Miscellaneous',
      "End Night: Apply 'Visited' to @Selection {Forced}",
      '',
      '**Crowd** | Townsfolk Investigative',
      'End Night: Role Investigate @Selection ⟨$total/3⟩',
      '',
      '**Insomniac** | Townsfolk Power',
      "End Night: Apply 'Visited' to @Selection [Succession: No Succession]",
      '',
      '**Bookkeeper** | Townsfolk Miscellaneous',
      'Passive End Night: Increment Counter for #Wolfpack by 3',
      '',
      '**Elder** | Townsfolk Power',
      "Starting: Protect @Self from 'All' by @(Align:Werewolf) through Passive Defense during Night",
      '',
      '**Vigilante** | Townsfolk Killing',
      'End Night: Kill @Selection',
      '',
      '**Charm** | Townsfolk Power',
      "Starting: Protect @Self from 'Kills' through Passive Defense (~UntilSecondUse)",
    ].join('\n'),
    'Werewolf x2, Sleepwalker, Crowd, Insomniac, Bookkeeper, Elder, Vigilante, Charm, Villager x3',
    '**Visited** | Attribute\nNo Abilities',
  );

  it('chooses at random (from the seed) for a {Forced} action left unchosen', () => {
    const { state } = start(set);
    const sleepwalker = who(state, 'Sleepwalker');
    const after = play(set, state, END).state;
    const marked = after.players.filter((p) => p.attributes.some((a) => a.type === 'custom' && a.name === 'Visited'));
    expect(marked).toHaveLength(1);
    expect(marked[0]!.name).not.toBe(sleepwalker);
    expect(play(set, state, END).state).toEqual(after);
  });

  it('scales the uses with the players: $total/3 of 12 players is 4', () => {
    const { state } = start(set);
    expect(availableActions(set, state, who(state, 'Crowd'))).toMatchObject([{ verb: 'INVESTIGATE', uses: 4 }]);
  });

  it('refuses No Succession two nights running, and allows it again the night after', () => {
    const { state } = start(set);
    const insomniac = who(state, 'Insomniac');
    const target = otherVillager(state);
    const night2 = play(set, state, act(insomniac, 'Insomniac#1', target), END, END).state;
    expect(availableActions(set, night2, insomniac)).toEqual([]);
    expect(refused(set, night2, act(insomniac, 'Insomniac#1', target))).toEqual({ kind: 'restricted', actionId: 'Insomniac#1', why: 'succession' });
    expect(availableActions(set, play(set, night2, END, END).state, insomniac)).toHaveLength(1);
  });

  it("counts on a group's counter", () => {
    const { state } = start(set);
    const after = play(set, state, END, END, END).state;
    expect(after.counters).toEqual({ Wolfpack: 6 });
    expect(after.players.map((p) => p.counter)).toEqual(after.players.map(() => 0));
  });

  it('limits a defense to its attackers and its phase: the wolves fail at night, the vigilante and the lynch do not', () => {
    const { state } = start(set);
    const elder = who(state, 'Elder');
    expect(deaths(play(set, state, ...wolvesKill(state, elder), END).effects)).toEqual([]);
    expect(deaths(play(set, state, act(who(state, 'Vigilante'), 'Vigilante#1', elder), END).effects)).toEqual([elder]);
    const day = play(set, state, END).state;
    expect(deaths(play(set, day, ...all(day, 'Villager').map((v) => vote(v, 'Lynch', elder)), END).effects)).toEqual([elder]);
  });

  it('uses up a ~UntilSecondUse defense on the second killing it stops', () => {
    const { state } = start(set);
    const charm = who(state, 'Charm');
    const vigilante = who(state, 'Vigilante');
    const once = play(set, state, act(vigilante, 'Vigilante#1', charm), ...wolvesKill(state, charm), END);
    expect(deaths(once.effects)).toEqual([]);
    expect(player(once.state, charm).attributes).toEqual([]);
  });
});

describe('the remaining forms, one each', () => {
  const attributes = ['Stained', 'Tired', 'Seen', 'Remembered', 'Counted', 'Townie'].map((name) => `**${name}** | Attribute\nNo Abilities`).join('\n\n');
  const small = (roles: string, list: string) => setWith(roles, list, `${attributes}\n\n**Club** | Townsfolk Group\nNo Abilities`);
  const customs = (state: GameState, name: string) =>
    player(state, name)
      .attributes.filter((a) => a.type === 'custom')
      .map((a) => (a.type === 'custom' ? a.name : ''));

  it('investigates the class, fooled by a strong disguise only when it lists SD; End Phase acts by day too', () => {
    const set = small(
      "**Watcher** | Townsfolk Investigative\nEnd Phase: Class Investigate @Selection (SD)\n\n**Spy** | Werewolf Killing\nStarting: Join 'Wolfpack'\nStarting: Strongly Disguise @Self as 'Villager'",
      'Werewolf, Spy, Watcher, Villager x4',
    );
    const { state } = start(set);
    const watcher = who(state, 'Watcher');
    const night = play(set, state, act(watcher, 'Watcher#1', who(state, 'Spy')), END);
    expect(ofKind(night.effects, 'investigated')).toMatchObject([{ subtype: 'Class', result: 'Townsfolk' }]);
    const day = play(set, night.state, act(watcher, 'Watcher#1', who(state, 'Werewolf')), END);
    expect(ofKind(day.effects, 'investigated')).toMatchObject([{ subtype: 'Class', result: 'Werewolf' }]);
  });

  it('targets and untargets, numbering two verbs of one kind', () => {
    const set = small('**Marksman** | Townsfolk Killing\nImmediate: Target @Selection\nImmediate: Untarget', 'Werewolf, Marksman, Villager x3');
    const { state } = start(set);
    const marksman = who(state, 'Marksman');
    expect(availableActions(set, state, marksman).map((o) => o.kind === 'action' && o.verb)).toEqual(['TARGET', 'TARGET2']);
    const aimed = play(set, state, act(marksman, 'Marksman#1', otherVillager(state)));
    expect(player(aimed.state, marksman).target).toBe(otherVillager(state));
    expect(player(play(set, aimed.state, act(marksman, 'Marksman#2')).state, marksman).target).toBeNull();
  });

  it('applies to @Others at the start, removes with a lacks-restriction, and applies to @Dead, @DeadAlive, &Team and a Cat/Class filter', () => {
    const set = small(
      [
        '**Cleaner** | Townsfolk Power',
        "Starting: Apply 'Stained' to @Others",
        "Immediate Night: Remove 'Stained' from @Selection [Attribute: lacks 'Tired']",
        "Immediate Day: Apply 'Remembered' to @Dead",
        "Immediate Day: Apply 'Counted' to @DeadAlive",
        "Immediate Day: Apply 'Townie' to &Townsfolk",
        "Immediate Day: Apply 'Seen' to @(Cat:Killing,Class:!Townsfolk)",
      ].join('\n'),
      'Werewolf, Cleaner, Villager x4',
    );
    const { state } = start(set);
    const cleaner = who(state, 'Cleaner');
    const wolf = who(state, 'Werewolf');
    expect(customs(state, cleaner)).toEqual([]);
    expect(customs(state, wolf)).toEqual(['Stained']);
    const cleaned = play(set, state, act(cleaner, 'Cleaner#2', wolf), ...wolvesKill(state, otherVillager(state)), END).state;
    expect(customs(cleaned, wolf)).toEqual([]);
    const dead = cleaned.players.find((p) => !p.alive)!.name;
    const day = play(set, cleaned, act(cleaner, 'Cleaner#3'), act(cleaner, 'Cleaner#4'), act(cleaner, 'Cleaner#5'), act(cleaner, 'Cleaner#6')).state;
    expect(customs(day, dead)).toEqual(['Stained', 'Remembered', 'Counted']);
    expect(customs(day, wolf)).toEqual(['Counted', 'Seen']);
    expect(customs(day, cleaner)).toEqual(['Counted', 'Townie']);
  });

  it('joins and leaves a group, and removes a member from it', () => {
    const set = small(
      "**Member** | Townsfolk Group\nStarting: Join 'Club'\nImmediate Day: Leave 'Club'\n\n**Bouncer** | Townsfolk Power\nImmediate Night: Remove @Selection from 'Wolfpack'",
      'Werewolf x2, Member, Bouncer, Villager x5',
    );
    const { state, effects } = start(set);
    const member = who(state, 'Member');
    expect(ofKind(effects, 'group-members').map((e) => e.group)).toEqual(['Wolfpack', 'Club']);
    const [w1, w2] = all(state, 'Werewolf');
    const night = play(set, state, act(who(state, 'Bouncer'), 'Bouncer#1', w1!));
    expect(refused(set, night.state, vote(w1!, 'Wolfpack', member))).toEqual({ kind: 'not-a-voter', poll: 'Wolfpack' });
    expect(availableActions(set, night.state, w2!)).toHaveLength(1);
    const day = play(set, night.state, END).state;
    const left = play(set, day, act(member, 'Member#2')).state;
    expect(player(left, member).attributes).toEqual([]);
  });

  it('knows privately, sets a counter, and does nothing', () => {
    const set = small(
      "**Sage** | Townsfolk Miscellaneous\nImmediate Night: Know 'You meditate.'\nImmediate Night: Set Counter to 7\nImmediate Day: *Nothing*",
      'Werewolf, Sage, Villager x3',
    );
    const { state } = start(set);
    const sage = who(state, 'Sage');
    const { state: after, effects } = play(set, state, act(sage, 'Sage#1'), act(sage, 'Sage#2'));
    expect(effects).toEqual([{ kind: 'learned', player: sage, text: 'You meditate.', audience: { kind: 'player', player: sage } }]);
    expect(player(after, sage).counter).toBe(7);
    const day = play(set, after, END).state;
    expect(play(set, day, act(sage, 'Sage#3')).effects).toEqual([]);
  });

  it('blocks only the named ability type, and scales with the living ($living/2)', () => {
    const set = small(
      '**Gatekeeper** | Townsfolk Power\nEnd Night: Obstruct Investigating for @Selection (~Phase)\n\n**Seer** | Townsfolk Investigative\nEnd Night: Role Investigate @Selection\nEnd Night: Kill @Selection ⟨$living/2⟩',
      'Werewolf, Gatekeeper, Seer, Villager x3',
    );
    const { state } = start(set);
    const seer = who(state, 'Seer');
    expect(availableActions(set, state, seer)).toMatchObject([
      { verb: 'INVESTIGATE', uses: 1 },
      { verb: 'KILL', uses: 3 },
    ]);
    const [a, b] = all(state, 'Villager');
    const { effects } = play(set, state, act(who(state, 'Gatekeeper'), 'Gatekeeper#1', seer), act(seer, 'Seer#1', a!), act(seer, 'Seer#2', b!), END);
    expect(ofKind(effects, 'obstructed')).toHaveLength(1);
    expect(deaths(effects)).toEqual([b]);
  });

  it('redirects everything but a {Direct} or {Visitless} action; a visitless one fires no On Visited', () => {
    const set = small(
      [
        '**Trickster** | Townsfolk Power',
        "End Night: Redirect 'all' to @Selection (~Phase)",
        '',
        '**Assassin** | Townsfolk Killing',
        'End Night: Kill @Selection {Direct}',
        '',
        '**Shadow** | Townsfolk Investigative',
        'End Night: Role Investigate @Selection {Visitless}',
        '',
        '**Seer** | Townsfolk Investigative',
        'End Night: Role Investigate @Selection',
        '',
        '**Hermit** | Townsfolk Miscellaneous',
        "On Visited: Learn 'Someone came by.'",
      ].join('\n'),
      'Werewolf x2, Trickster, Assassin, Shadow, Seer, Hermit, Villager x4',
    );
    const { state } = start(set);
    const hermit = who(state, 'Hermit');
    const [decoy, victim] = all(state, 'Villager');
    const { effects } = play(
      set,
      state,
      act(who(state, 'Trickster'), 'Trickster#1', decoy!),
      act(who(state, 'Assassin'), 'Assassin#1', victim!),
      act(who(state, 'Shadow'), 'Shadow#1', hermit),
      act(who(state, 'Seer'), 'Seer#1', hermit),
      END,
    );
    expect(deaths(effects)).toEqual([victim]);
    const seen = ofKind(effects, 'investigated').map((e) => [e.investigator, e.target]);
    expect(seen).toHaveLength(2);
    expect(seen).toEqual(
      expect.arrayContaining([
        [who(state, 'Shadow'), hermit],
        [who(state, 'Seer'), decoy],
      ]),
    );
    expect(ofKind(effects, 'learned')).toEqual([]);
    const visited = play(set, state, act(who(state, 'Seer'), 'Seer#1', hermit), END);
    expect(ofKind(visited.effects, 'learned')).toEqual([
      { kind: 'learned', player: hermit, text: 'Someone came by.', audience: { kind: 'player', player: hermit } },
    ]);
  });

  it('keeps the state a plain JSON value and never changes the state it is given', () => {
    const set = small('', 'Werewolf, Villager x4');
    const { state } = start(set);
    const before = JSON.stringify(state);
    const stored = JSON.parse(before) as GameState;
    const next = play(set, stored, ...wolvesKill(state, otherVillager(state)), END);
    expect(JSON.stringify(stored)).toBe(before);
    expect(JSON.parse(JSON.stringify(next.state))).toEqual(next.state);
    expect(play(set, state, ...wolvesKill(state, otherVillager(state)), END)).toEqual(next);
  });
});

describe('the forms left: a defense from attacks and lynches, @Alive, a Class filter over the dead, Status: Alive', () => {
  const set = setWith(
    [
      '**Saint** | Townsfolk Power',
      "Starting: Protect @Self from 'Attacks & Lynches' through Passive Defense (~Permanent)",
      '',
      '**Crier** | Townsfolk Miscellaneous',
      "Starting: Apply 'Marked' to @Alive",
      'Immediate Day: Reveal @(Class:Townsfolk,AliveOnly:False) to #story_time [Status: Alive]',
    ].join('\n'),
    'Werewolf, Saint, Crier, Villager x2',
    '**Marked** | Attribute\nNo Abilities',
  );

  it('stops the attack and the lynch on the saint, marks every living player, and reveals the townsfolk dead or alive to everyone', () => {
    const { state } = start(set);
    const [first] = all(state, 'Villager');
    const saint = who(state, 'Saint');
    expect(state.players.every((p) => p.attributes.some((a) => a.type === 'custom' && a.name === 'Marked'))).toBe(true);
    const night = play(set, state, vote(who(state, 'Werewolf'), 'Wolfpack', first!), END);
    expect(deaths(night.effects)).toEqual([first]);
    const living = night.state.players.filter((p) => p.alive).map((p) => p.name);
    const day = play(set, night.state, ...living.map((p) => vote(p, 'Lynch', saint)), END);
    // The lynch of the saint is stopped, as the attack would be: nobody dies by day.
    expect(deaths(day.effects)).toEqual([]);
    expect(ofKind(day.effects, 'poll-closed')[0]).toMatchObject({ poll: 'Lynch', winner: saint });
    const night2 = play(set, day.state, vote(who(state, 'Werewolf'), 'Wolfpack', saint), END);
    expect(deaths(night2.effects)).toEqual([]);
    const revealed = play(set, night2.state, act(who(state, 'Crier'), 'Crier#2'));
    const told = ofKind(revealed.effects, 'revealed');
    expect(told.map((e) => e.player).sort()).toEqual(
      state.players
        .filter((p) => p.role !== 'Werewolf')
        .map((p) => p.name)
        .sort(),
    );
    expect(told.every((e) => e.audience.kind === 'public' && e.location === 'story_time')).toBe(true);
  });
});
