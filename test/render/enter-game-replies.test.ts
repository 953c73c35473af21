import { describe, expect, it } from 'vitest';
import { renderDummiesNote, renderEnterReply } from '../../src/render/enter-game-replies.ts';

// The words of the replies to JOIN, OBSERVE, RESIGN and TAKEOVER and to the start they bring, as
// players and Masters have always had them (test/judge/judge-basics.test.ts, replacements.test.ts
// and master-commands.test.ts play them by mail).

describe('enter-game replies', () => {
  it.each([
    [
      { kind: 'joined', gameName: 'demo', power: null, players: 3, powers: 7 } as const,
      "You have joined game 'demo'. 3 of 7 players have joined. When the game starts, the judge mails you your power, its sign-on letter and how to write an order.",
    ],
    [
      { kind: 'joined', gameName: 'demo', power: 'France', players: 1, powers: 7 } as const,
      "You have joined game 'demo' as France. 1 of 7 players have joined. When the game starts, the judge mails you your power, its sign-on letter and how to write an order.",
    ],
    [{ kind: 'full-awaits-master', gameName: 'demo' } as const, "Every power is taken; game 'demo' starts when its Master sends ACTIVATE."],
    [{ kind: 'started-full', gameName: 'demo' } as const, "Game 'demo' is full and has started."],
    [{ kind: 'started-by-master', gameName: 'demo', players: 7, powers: 7, dummies: [] } as const, "You have started game 'demo' with 7 of 7 players."],
    [
      { kind: 'started-by-master', gameName: 'demo', players: 6, powers: 7, dummies: ['Italy'] } as const,
      "You have started game 'demo' with 6 of 7 players. Nobody plays Italy: it is a dummy, whose units hold unless you order them after BECOME.",
    ],
    [
      { kind: 'started-by-master', gameName: 'demo', players: 5, powers: 7, dummies: ['Italy', 'Turkey'] } as const,
      "You have started game 'demo' with 5 of 7 players. Nobody plays Italy, Turkey: they are dummies, whose units hold unless you order them after BECOME.",
    ],
    [{ kind: 'watching', role: 'observer', gameName: 'demo', name: 'kibitz', already: false } as const, "You are now observing game 'demo' as kibitz."],
    [
      { kind: 'watching', role: 'monitor', gameName: 'demo', name: 'kibitz', already: true } as const,
      "You are already monitoring game 'demo' as kibitz; nothing changed.",
    ],
    [{ kind: 'left', gameName: 'demo' } as const, "You have left game 'demo'."],
    [{ kind: 'resigned', power: 'France', gameName: 'demo' } as const, "You have resigned from France in game 'demo'."],
    [{ kind: 'master-taken-over', gameName: 'demo' } as const, "You are now the Master of game 'demo'."],
    [{ kind: 'power-taken-over', power: 'France', gameName: 'demo' } as const, "You have taken over France in game 'demo'."],
  ])('%j', (record, text) => {
    expect(renderEnterReply(record)).toBe(text);
  });

  it('notes the dummies under the starting position', () => {
    expect(renderDummiesNote([])).toBe('');
    expect(renderDummiesNote(['Italy'])).toBe('\nNobody plays Italy: it is a dummy, whose units hold unless the Master orders them.\n');
    expect(renderDummiesNote(['Italy', 'Turkey'])).toBe('\nNobody plays Italy, Turkey: they are dummies, whose units hold unless the Master orders them.\n');
  });
});
