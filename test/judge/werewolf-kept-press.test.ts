import { describe, expect, it } from 'vitest';
import {
  KEPT_POST_CHARACTERS,
  KEPT_POSTS,
  newWerewolfTable,
  postsReadableBy,
  withPost,
  DEFAULT_WEREWOLF_SETTINGS,
  type WerewolfPost,
  type WerewolfTable,
} from '../../src/judge/werewolf/werewolf-state.ts';

const post = (from: string | null, to: WerewolfPost['to'], body: string): WerewolfPost => ({ from, to, body, phase: 'Day1' });

describe("a werewolf table's kept posts (a replacement's catch-up)", () => {
  it('keeps posts in order and lets the oldest go past the count, counting what it let go', () => {
    let table: WerewolfTable = newWerewolfTable(DEFAULT_WEREWOLF_SETTINGS, 7);
    for (let i = 0; i < KEPT_POSTS + 3; i++) table = withPost(table, post('ann', { kind: 'everyone' }, `post ${i}`));
    expect(table.press).toHaveLength(KEPT_POSTS);
    expect(table.press![0]!.body).toBe('post 3');
    expect(table.press!.at(-1)!.body).toBe(`post ${KEPT_POSTS + 2}`);
    expect(table.pressDropped).toBe(3);
  });

  it('lets the oldest go past the characters kept, but always keeps the newest post', () => {
    const half = 'x'.repeat(KEPT_POST_CHARACTERS / 2);
    let table = newWerewolfTable(DEFAULT_WEREWOLF_SETTINGS, 7);
    for (const body of ['first', half, half, 'last']) table = withPost(table, post('ann', { kind: 'everyone' }, body));
    expect(table.press!.map((p) => p.body.length)).toEqual([half.length, 4]);
    expect(table.pressDropped).toBe(2);
    const huge = withPost(newWerewolfTable(DEFAULT_WEREWOLF_SETTINGS, 7), post('ann', { kind: 'everyone' }, 'y'.repeat(KEPT_POST_CHARACTERS + 1)));
    expect([huge.press!.length, huge.pressDropped]).toEqual([1, 0]);
  });

  it("gives a player what they could read: posts to everyone, their groups' (any case) and their own, never another group's or the dead's", () => {
    let table = newWerewolfTable(DEFAULT_WEREWOLF_SETTINGS, 7);
    for (const p of [
      post(null, { kind: 'everyone' }, 'from the Master'),
      post('wolf', { kind: 'group', group: 'Wolfpack' }, 'pack talk'),
      post('mason', { kind: 'group', group: 'Masons' }, 'mason talk'),
      post('ghost', { kind: 'dead' }, 'dead talk'),
      post('ann', { kind: 'dead' }, "ann's own, from when she was dead"),
    ])
      table = withPost(table, p);
    const bodies = (nick: string, groups: string[]) => postsReadableBy(table, nick, groups).map((p) => p.body);
    expect(bodies('ann', ['wolfpack'])).toEqual(['from the Master', 'pack talk', "ann's own, from when she was dead"]);
    expect(bodies('bob', [])).toEqual(['from the Master']);
  });

  it('reads a table stored before posts were kept as one with none', () => {
    const { press: _press, pressDropped: _dropped, ...old } = withPost(newWerewolfTable(DEFAULT_WEREWOLF_SETTINGS, 7), post('a', { kind: 'everyone' }, 'b'));
    expect(postsReadableBy(old, 'ann', [])).toEqual([]);
    expect(withPost(old, post('ann', { kind: 'everyone' }, 'hi')).press).toHaveLength(1);
  });
});
