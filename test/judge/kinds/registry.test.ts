import { describe, expect, it } from 'vitest';
import { gameKinds, kindForCreate, kindNamedAtCreate, kindOfGame } from '../../../src/judge/kinds/registry.ts';
import { GAME_KINDS } from '../../../src/judge/model.ts';

// Which kind a game follows, and which kind CREATE makes (src/judge/kinds/registry.ts).

describe('game kinds', () => {
  it('lists every kind of the model once, under its own id', () => {
    expect(gameKinds().map((kind) => kind.id)).toEqual([...GAME_KINDS]);
  });

  it('takes a game without a kind (built outside the store) for Diplomacy', () => {
    expect(kindOfGame({}).id).toBe('diplomacy');
    expect(kindOfGame({ kind: 'diplomacy' }).id).toBe('diplomacy');
  });

  it("makes Diplomacy of a CREATE whose word is a variant, an option or nothing, and no kind's word is a variant's", () => {
    for (const word of [null, 'standard', 'chaos', 'gunboat', 'Standard']) {
      expect(kindNamedAtCreate(word)).toBeNull();
      expect(kindForCreate(word).id).toBe('diplomacy');
    }
    for (const kind of gameKinds()) if (kind.createWord !== null) expect(kindForCreate(kind.createWord.toUpperCase()).id).toBe(kind.id);
  });
});
