import { describe, expect, it } from 'vitest';
import { KEPT_POST_CHARACTERS, KEPT_POSTS, keepPosts, type MafiaEffect, postsReadableBy } from '../../src/mafia/index.ts';
import { GM, person, startedTable } from './helpers.ts';

const posted = (from: string, text: string): MafiaEffect => ({ kind: 'post', from, to: { kind: 'everyone' }, channel: 'everyone', text });

describe("a Mafia game's kept posts (a replacement's catch-up)", () => {
  it('keeps the newest posts within the count and the characters, counting what it let go', () => {
    const table = startedTable();
    let state = table.state;
    for (let i = 0; i < KEPT_POSTS + 2; i++) state = keepPosts(state, state, [posted('Alice', `post ${i}`)]);
    expect(state.thread).toHaveLength(KEPT_POSTS);
    expect([state.thread![0]!.text, state.threadDropped]).toEqual(['post 2', 2]);
    const big = 'x'.repeat(KEPT_POST_CHARACTERS);
    state = keepPosts(state, state, [posted('Alice', big)]);
    expect(state.thread!.map((p) => p.text)).toEqual([big]);
    expect(state.threadDropped).toBe(KEPT_POSTS + 2);
  });

  it("reads the seat's own posts by its seat, after the GM put a standby with another nick in it", () => {
    const table = startedTable();
    table.do(person(4), { kind: 'post', text: 'Dave here.', to: 'everyone' });
    table.do(GM, { kind: 'group', name: 'Scum', nicks: ['Dave', 'Erin'] });
    table.do(person(5), { kind: 'post', text: 'Dave, tonight?', to: { group: 'Scum' } });
    table.do(person(4), { kind: 'post', text: 'Yes.', to: { group: 'Scum' } });
    table.do(person(11), { kind: 'join', nick: 'Kim' });
    table.gm('Kim has replaced Dave');
    const seat = table.state.players.find((p) => p.nick === 'Kim')!.seat;
    const texts = (s: number) => postsReadableBy(table.state, s).posts.map((p) => `${p.from}: ${p.text}`);
    expect(texts(seat)).toEqual(['Dave: Dave here.', 'Erin: Dave, tonight?', 'Dave: Yes.', 'gm: Kim has replaced Dave']);
    const alice = table.state.players.find((p) => p.nick === 'Alice')!.seat;
    expect(texts(alice)).toEqual(['Dave: Dave here.', 'gm: Kim has replaced Dave']);
  });
});
