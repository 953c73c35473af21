import { describe, expect, it } from 'vitest';
import { loadRoleSet } from '../../src/catalog/roleset-catalog.ts';
import type { RoleSet } from '../../src/werewolf/definitions.ts';
import { seenBy, startGame, step } from '../../src/werewolf/engine.ts';
import type { Command, Effect, GameState } from '../../src/werewolf/state.ts';

// Whole 9-player games of the shipped classic set, dealt from a fixed seed and played through the
// narrator to a town win, a wolf win and the tanner's solo win; what each player sees is checked
// against the effects' audiences (the seer's answers reach the seer alone).

const PLAYERS = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy'];
const SEED = 20261128;

function classic(): RoleSet {
  const loaded = loadRoleSet('classic');
  if (!loaded.ok) throw new Error('the classic set does not load');
  return loaded.roleSet;
}

/** A game in progress: its state, every effect so far, and who holds which role. */
class Game {
  state: GameState;
  readonly effects: Effect[] = [];

  constructor(
    readonly set: RoleSet,
    seed: number,
  ) {
    const started = startGame(set, { players: PLAYERS, seed });
    if (!started.ok) throw new Error(JSON.stringify(started.refusal));
    this.state = started.state;
    this.effects.push(...started.effects);
  }

  /** The player dealt the role (the n-th, for the two werewolves). */
  role(role: string, n = 0): string {
    return this.state.players.filter((p) => p.role === role)[n]!.name;
  }

  do(...commands: Command[]): this {
    for (const command of commands) {
      const result = step(this.set, this.state, command);
      if (!result.ok) throw new Error(`${JSON.stringify(command)} refused: ${JSON.stringify(result.refusal)}`);
      this.state = result.state;
      this.effects.push(...result.effects);
    }
    return this;
  }

  act(role: string, actionId: string, target: string): this {
    return this.do({ kind: 'act', player: this.role(role), actionId, selections: [target] });
  }

  /** Every living voter named votes for `target` in the poll. */
  votes(poll: string, target: string, ...voters: string[]): this {
    return this.do(...voters.map((player): Command => ({ kind: 'vote', player, poll, choice: target })));
  }

  end(): this {
    return this.do({ kind: 'end-phase' });
  }

  deaths(): string[] {
    return this.effects.flatMap((e) => (e.kind === 'death' ? [`${e.player}:${e.role}:${e.cause}`] : []));
  }

  ending() {
    return this.effects.find((e) => e.kind === 'game-ended');
  }
}

describe('the classic set, 9 players, seed 20261128', () => {
  it('deals every role of the 9-player list once, the werewolves twice', () => {
    const game = new Game(classic(), SEED);
    expect(game.state.players.map((p) => p.role).sort()).toEqual(['Doctor', 'Hunter', 'Mayor', 'Seer', 'Tanner', 'Villager', 'Werewolf', 'Werewolf', 'Witch']);
  });

  it('plays to a town win: the seer finds a wolf, the town lynches it, the hunter takes the other down with him', () => {
    const game = new Game(classic(), SEED);
    const [w1, w2] = [game.role('Werewolf', 0), game.role('Werewolf', 1)];
    // Night 1: the wolves kill the villager; the seer looks at a wolf; the doctor guards the seer; the hunter aims at the other wolf.
    game
      .votes('Wolfpack', game.role('Villager'), w1, w2)
      .act('Seer', 'Seer#1', w1)
      .act('Doctor', 'Doctor#1', game.role('Seer'))
      .act('Hunter', 'Hunter#1', w2)
      .end();
    // Day 1: the town lynches the wolf the seer found (the mayor's vote counts twice).
    const town = ['Seer', 'Doctor', 'Hunter', 'Witch', 'Mayor', 'Tanner'].map((r) => game.role(r));
    game
      .votes('Lynch', w1, ...town)
      .votes('Lynch', game.role('Seer'), w2)
      .end();
    // Night 2: the wolf kills the hunter, who shoots his target.
    game.votes('Wolfpack', game.role('Hunter'), w2).end();

    expect(game.deaths()).toEqual([
      `${game.role('Villager')}:Villager:Attack`,
      `${w1}:Werewolf:Lynch`,
      `${game.role('Hunter')}:Hunter:Attack`,
      `${w2}:Werewolf:Kill`,
    ]);
    const ending = game.ending();
    expect(ending).toMatchObject({
      winners: ['Townsfolk'],
      winningPlayers: game.state.players.filter((p) => !['Werewolf', 'Tanner'].includes(p.role)).map((p) => p.name),
      audience: { kind: 'public' },
    });
    expect(ending?.kind === 'game-ended' && ending.roles).toEqual(game.state.players.map((p) => ({ player: p.name, role: p.role })));
    const lynch = game.effects.find((e) => e.kind === 'poll-closed' && e.poll === 'Lynch');
    expect(lynch).toMatchObject({
      winner: w1,
      tally: [
        { choice: w1, votes: 7 },
        { choice: game.role('Seer'), votes: 1 },
      ],
    });
  });

  it("tells the seer's answer to the seer alone, the pack's business to the pack alone, each role to its player alone", () => {
    const game = new Game(classic(), SEED);
    const [w1, w2] = [game.role('Werewolf', 0), game.role('Werewolf', 1)];
    const seer = game.role('Seer');
    game.votes('Wolfpack', game.role('Villager'), w1, w2).act('Seer', 'Seer#1', w1).end();
    const answers = game.effects.filter((e) => e.kind === 'investigated');
    expect(answers).toEqual([
      { kind: 'investigated', investigator: seer, target: w1, subtype: 'Role', result: 'Werewolf', audience: { kind: 'player', player: seer } },
    ]);
    for (const player of PLAYERS) {
      const seen = game.effects.filter((e) => seenBy(e, player));
      expect(seen.some((e) => e.kind === 'investigated')).toBe(player === seer);
      expect(seen.filter((e) => e.kind === 'role-dealt').map((e) => e.kind === 'role-dealt' && e.player)).toEqual([player]);
      const wolf = player === w1 || player === w2;
      expect(
        seen.some(
          (e) => e.kind === 'group-members' || (e.kind === 'poll-closed' && e.poll === 'Wolfpack') || (e.kind === 'poll-opened' && e.poll === 'Wolfpack'),
        ),
      ).toBe(wolf);
      // What everyone sees: the phases and the death, with the dead player's role.
      expect(seen.filter((e) => e.audience.kind === 'public').map((e) => e.kind)).toEqual(['phase-started', 'death', 'phase-started', 'poll-opened']);
    }
  });

  it('plays to a wolf win at parity', () => {
    const game = new Game(classic(), SEED);
    const [w1, w2] = [game.role('Werewolf', 0), game.role('Werewolf', 1)];
    const r = (role: string) => game.role(role);
    // Night 1: the wolves kill the seer; the doctor guards the wrong player.
    game.votes('Wolfpack', r('Seer'), w1, w2).act('Doctor', 'Doctor#1', r('Villager')).end();
    // Day 1: the town is fooled into lynching the doctor.
    game.votes('Lynch', r('Doctor'), w1, w2, r('Tanner'), r('Villager'), r('Witch')).votes('Lynch', w1, r('Mayor'), r('Hunter')).end();
    // Night 2: the witch is killed; her potions unused.
    game.votes('Wolfpack', r('Witch'), w1, w2).end();
    // Day 2: the villager hangs.
    game.votes('Lynch', r('Villager'), w1, w2, r('Tanner'), r('Hunter')).votes('Lynch', w1, r('Mayor')).end();
    // Night 3: the mayor dies: two wolves, two others.
    game.votes('Wolfpack', r('Mayor'), w1, w2).end();

    expect(game.deaths()).toEqual([
      `${r('Seer')}:Seer:Attack`,
      `${r('Doctor')}:Doctor:Lynch`,
      `${r('Witch')}:Witch:Attack`,
      `${r('Villager')}:Villager:Lynch`,
      `${r('Mayor')}:Mayor:Attack`,
    ]);
    expect(game.ending()).toMatchObject({ winners: ['Werewolf'], winningPlayers: [w1, w2].sort((a, b) => PLAYERS.indexOf(a) - PLAYERS.indexOf(b)) });
    expect(game.state.ended).toEqual({ winners: ['Werewolf'] });
  });

  it("plays to the tanner's solo win: lynched on day 1", () => {
    const game = new Game(classic(), SEED);
    const [w1, w2] = [game.role('Werewolf', 0), game.role('Werewolf', 1)];
    const tanner = game.role('Tanner');
    game.votes('Wolfpack', game.role('Villager'), w1, w2).end();
    const living = game.state.players.filter((p) => p.alive && p.name !== tanner).map((p) => p.name);
    game.votes('Lynch', tanner, ...living).end();
    expect(game.deaths()).toEqual([`${game.role('Villager')}:Villager:Attack`, `${tanner}:Tanner:Lynch`]);
    expect(game.ending()).toMatchObject({ winners: ['Tanner'], winningPlayers: [tanner] });
  });

  it('saves with the witch: her protection stops the attack once, her poison kills once, and neither is offered again', () => {
    const game = new Game(classic(), SEED);
    const [w1, w2] = [game.role('Werewolf', 0), game.role('Werewolf', 1)];
    const witch = game.role('Witch');
    game.votes('Wolfpack', game.role('Mayor'), w1, w2).act('Witch', 'Witch#1', game.role('Mayor')).act('Witch', 'Witch#2', w1).end();
    expect(game.deaths()).toEqual([`${w1}:Werewolf:Kill`]);
    expect(game.effects.filter((e) => e.kind === 'protected')).toEqual([
      { kind: 'protected', protector: witch, target: game.role('Mayor'), audience: { kind: 'player', player: witch } },
    ]);
    game.end();
    const refusal = step(game.set, game.state, { kind: 'act', player: witch, actionId: 'Witch#2', selections: [w2] });
    expect(refusal).toEqual({ ok: false, refusal: { kind: 'restricted', actionId: 'Witch#2', why: 'quantity' } });
  });

  it('replays exactly: the same seed and commands give the same states and effects', () => {
    const play = () => {
      const game = new Game(classic(), SEED);
      const hunter = game.role('Hunter');
      // The hunter dies untargeted: his {Forced} shot picks at random from the seed.
      game.votes('Wolfpack', hunter, game.role('Werewolf', 0), game.role('Werewolf', 1)).end();
      return game;
    };
    const [a, b] = [play(), play()];
    expect(a.effects).toEqual(b.effects);
    expect(a.state).toEqual(b.state);
    expect(a.deaths()).toHaveLength(2);
  });
});
