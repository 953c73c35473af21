import { describe, expect, it } from 'vitest';
import {
  dealRoles,
  mafiaView,
  parseMafiaSetting,
  parseVoteLine,
  plannedEvents,
  readMafiaBlock,
  voteInPost,
  scheduledDeadline,
  startSchedule,
  DEFAULT_SETTINGS,
  upcomingDeadlines,
} from '../../src/mafia/index.ts';
import { addWallLength } from '../../src/schedule/index.ts';
import { CLOCK, GM, notices, person, replies, startedTable, Table } from './helpers.ts';

describe('joining, names and the start', () => {
  it('keeps names unique without regard to case or spacing', () => {
    const table = new Table();
    table.do(person(1), { kind: 'join', nick: 'Dark Lord' });
    expect(table.refused(person(2), { kind: 'join', nick: 'darklord' })).toEqual({ kind: 'nick-taken', nick: 'darklord' });
    table.do(person(2), { kind: 'join', nick: null });
    expect(table.refused(person(2), { kind: 'name', nick: 'DARK  LORD' })).toEqual({ kind: 'nick-taken', nick: 'DARK LORD' });
    expect(table.refused(person(2), { kind: 'name', nick: '!!' })).toEqual({ kind: 'bad-nick', written: '!!' });
    table.do(person(2), { kind: 'name', nick: 'Bob' });
    expect(table.refused(person(1), { kind: 'join', nick: null })).toEqual({ kind: 'joined-already' });
  });

  it('starts only with names for all, three players at least, and roles that fit', () => {
    const table = new Table({ roles: ['Goon', 'Cop', 'Villager'] });
    table.do(person(1), { kind: 'join', nick: 'Alice' });
    table.do(person(2), { kind: 'join', nick: null });
    expect(table.refused(GM, { kind: 'start' })).toEqual({ kind: 'players-without-nick', count: 1 });
    table.do(person(2), { kind: 'name', nick: 'Bob' });
    expect(table.refused(GM, { kind: 'start' })).toEqual({ kind: 'too-few-players', count: 2, needed: 3 });
    table.do(person(3), { kind: 'join', nick: 'Carol' });
    table.do(person(4), { kind: 'join', nick: 'Dave' });
    expect(table.refused(GM, { kind: 'start' })).toEqual({ kind: 'roles-do-not-fit', roles: 3, players: 4 });
    expect(table.refused(person(1), { kind: 'start' })).toEqual({ kind: 'gm-only', command: 'START' });
  });

  it('starts by itself at the number of players set, and deals the roles by the seed, each to its player alone', () => {
    const table = new Table({ players: 3, roles: ['Goon', 'Cop', 'Villager'] });
    table.do(person(1), { kind: 'join', nick: 'Alice' });
    table.do(person(2), { kind: 'join', nick: 'Bob' });
    const effects = table.do(person(3), { kind: 'join', nick: 'Carol' }, 99);
    expect(table.state.status).toBe('running');
    expect(table.state.players.map((p) => p.role)).toEqual(dealRoles(['Goon', 'Cop', 'Villager'], 99));
    expect(dealRoles(['a', 'b', 'c', 'd'], 5)).toEqual(dealRoles(['a', 'b', 'c', 'd'], 5));
    const roleMails = effects.filter((e) => e.kind === 'notice' && e.notice.kind === 'your-role');
    expect(roleMails.map((e) => (e.kind === 'notice' ? e.to : null))).toEqual([1, 2, 3].map((p) => ({ kind: 'people', people: [p], gms: false })));
  });

  it('joins after the start as a standby, who neither votes nor posts', () => {
    const table = startedTable(4);
    expect(replies(table.do(person(9), { kind: 'join', nick: 'Kim' }))).toEqual([{ kind: 'joined', nick: 'Kim', standby: true }]);
    expect(table.refused(person(9), { kind: 'vote', vote: { kind: 'vote', written: 'Alice' } })).toEqual({ kind: 'standby-cannot-vote' });
  });
});

describe('votes', () => {
  it('reads the forms of a command line and of a post', () => {
    expect(parseVoteLine('VOTE Bob')).toEqual({ kind: 'vote', written: 'Bob' });
    expect(parseVoteLine('vote: Dark Lord')).toEqual({ kind: 'vote', written: 'Dark Lord' });
    expect(parseVoteLine('VOTE NO LYNCH')).toEqual({ kind: 'no-lynch' });
    expect(parseVoteLine('Unvote')).toEqual({ kind: 'unvote' });
    expect(parseVoteLine('I vote later')).toBeNull();
    expect(voteInPost('Hi all.\nI think **VOTE: Bob** is right\nlater')).toEqual({ kind: 'vote', written: 'Bob** is right' });
    expect(voteInPost('UNVOTE: changed my mind')).toEqual({ kind: 'unvote' });
    expect(voteInPost('vote: Bob\nactually VOTE: no lynch')).toEqual({ kind: 'no-lynch' });
    expect(voteInPost('I will vote Bob later')).toBeNull();
  });

  it('counts as forum players write it: most votes first, voters in voting order, then those not voting', () => {
    const table = startedTable(7);
    table.vote(1, 'Bob');
    table.vote(3, 'Carol');
    table.vote(2, 'Carol');
    table.vote(4, 'Bob');
    table.vote(5, 'no lynch');
    const count = table.do(person(6), { kind: 'votecount' });
    expect(replies(count)).toEqual([
      {
        kind: 'vote-count',
        count: {
          phase: { kind: 'day', number: 1 },
          lines: [
            { target: 'Carol', voters: ['Carol', 'Bob'] },
            { target: 'Bob', voters: ['Alice', 'Dave'] },
            { target: 'no-lynch', voters: ['Erin'] },
          ],
          notVoting: ['Frank', 'Grace'],
          living: 7,
          needed: 4,
          lynch: 'majority',
        },
      },
    ]);
  });

  it('a later vote replaces the earlier one and goes to the end; UNVOTE withdraws it', () => {
    const table = startedTable(5);
    table.vote(1, 'Bob');
    table.vote(2, 'Carol');
    table.vote(1, 'Carol');
    expect(table.state.votes).toEqual([
      { voter: 2, target: 3 },
      { voter: 1, target: 3 },
    ]);
    table.do(person(1), { kind: 'vote', vote: { kind: 'unvote' } });
    expect(table.state.votes).toEqual([{ voter: 2, target: 3 }]);
    expect(table.refused(person(1), { kind: 'vote', vote: { kind: 'unvote' } })).toEqual({ kind: 'no-vote-to-withdraw' });
  });

  it('refuses no lynch where not allowed, and a stranger', () => {
    const table = startedTable(5, { noLynch: false });
    expect(table.refused(person(1), { kind: 'vote', vote: { kind: 'no-lynch' } })).toEqual({ kind: 'no-lynch-not-allowed' });
    expect(table.refused(person(42), { kind: 'vote', vote: { kind: 'vote', written: 'Bob' } })).toEqual({ kind: 'not-in-game' });
    expect(table.refused(GM, { kind: 'vote', vote: { kind: 'vote', written: 'Bob' } })).toEqual({ kind: 'not-in-game' });
  });

  it('without the hammer a majority does not end the day; under plurality the leader at the deadline is named, a tie is a tie', () => {
    const table = startedTable(5, { hammer: false, lynch: 'plurality' });
    for (const i of [1, 2, 3]) table.vote(i, 'Dave');
    expect(table.state.phaseIndex).toBe(0);
    table.vote(4, 'Erin');
    table.vote(5, 'Erin');
    table.vote(3, 'Erin');
    table.at(table.state.schedule!.deadline);
    const ended = notices(table.do(CLOCK, { kind: 'deadline' })).find((n) => n.kind === 'day-ended');
    expect(ended).toMatchObject({ outcome: { kind: 'lynch', nick: 'Erin', votes: 3 }, byMajority: false });
    const tied = startedTable(4, { lynch: 'plurality' });
    tied.vote(1, 'Bob');
    tied.vote(2, 'Alice');
    tied.at(tied.state.schedule!.deadline);
    expect(notices(tied.do(CLOCK, { kind: 'deadline' })).find((n) => n.kind === 'day-ended')).toMatchObject({
      outcome: { kind: 'tie', nicks: ['Bob', 'Alice'], votes: 1 },
    });
  });

  it('mails the count to the GMs alone when counts are not public, and refuses VOTECOUNT to players', () => {
    const table = startedTable(5, { voteCounts: 'gm' });
    const effects = table.vote(1, 'Bob');
    expect(effects.find((e) => e.kind === 'notice')).toMatchObject({ to: { kind: 'gms' }, notice: { kind: 'vote-count' } });
    expect(replies(effects)).toEqual([{ kind: 'voted', target: 'Bob', count: null }]);
    expect(table.refused(person(2), { kind: 'votecount' })).toEqual({ kind: 'gm-only', command: 'VOTECOUNT' });
  });
});

describe('posts and groups', () => {
  it('the dead talk among themselves when the setting allows, never to the living', () => {
    const table = startedTable(5);
    table.gm('Alice has died.');
    expect(table.refused(person(1), { kind: 'post', text: 'hi', to: 'everyone' })).toEqual({ kind: 'dead-cannot-post' });
    const effects = table.do(person(1), { kind: 'post', text: 'boo', to: 'dead' });
    expect(effects).toContainEqual({ kind: 'post', from: 'Alice', to: { kind: 'people', people: [1], gms: true }, channel: 'dead', text: 'boo' });
    expect(table.refused(person(2), { kind: 'post', text: 'hi', to: 'dead' })).toEqual({ kind: 'not-in-group', group: 'dead' });
    const quiet = startedTable(5, { deadChat: false });
    quiet.gm('Alice has died.');
    expect(quiet.refused(person(1), { kind: 'post', text: 'boo', to: 'dead' })).toEqual({ kind: 'no-dead-chat' });
  });

  it('a group the GM defines reaches its members and the GMs only', () => {
    const table = startedTable(5);
    table.do(GM, { kind: 'group', name: 'scum', nicks: ['Bob', 'erin'] });
    expect(table.do(person(2), { kind: 'post', text: 'kill Alice', to: { group: 'SCUM' } })).toContainEqual({
      kind: 'post',
      from: 'Bob',
      to: { kind: 'people', people: [2, 5], gms: true },
      channel: 'scum',
      text: 'kill Alice',
    });
    expect(table.refused(person(1), { kind: 'post', text: 'hi', to: { group: 'scum' } })).toEqual({ kind: 'not-in-group', group: 'scum' });
    expect(table.refused(GM, { kind: 'group', name: 'x', nicks: ['Zed'] })).toMatchObject({ kind: 'unknown-player', written: 'Zed' });
  });
});

describe('the schedule', () => {
  it('follows the GM zone through the change to summer time: a day ends at 20:00 local on both sides', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      zone: 'Europe/Berlin',
      dayLength: { days: 1, hours: 0, minutes: 0 },
      nightLength: { days: 0, hours: 12, minutes: 0 },
    };
    const schedule = startSchedule({ ...settings, firstEndOfDay: '2026-03-27T19:00:00.000Z' }, new Date('2026-03-26T12:00:00Z'));
    const deadlines = [0, 1, 2, 3, 4].map((i) => scheduledDeadline(schedule, settings, i).toISOString());
    // Day 1 Fri 20:00 CET, Night 1 Sat 08:00 CET, Day 2 Sun 08:00 CEST (it holds the change), Night 2 Sun 20:00 CEST, Day 3 Mon 20:00 CEST.
    expect(deadlines).toEqual([
      '2026-03-27T19:00:00.000Z',
      '2026-03-28T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      '2026-03-29T18:00:00.000Z',
      '2026-03-30T18:00:00.000Z',
    ]);
    expect(upcomingDeadlines(schedule, settings, 0, 3).map((u) => u.index)).toEqual([1, 2, 3]);
    expect(addWallLength(new Date('2026-10-24T18:00:00Z'), { days: 0, hours: 48, minutes: 0 }, 'Europe/Berlin').toISOString()).toBe('2026-10-26T19:00:00.000Z');
  });

  it('a day without a first end of day set ends one day length after the start', () => {
    const table = startedTable(3, { zone: 'America/New_York' }, new Date('2026-03-07T17:00:00Z'));
    // Saturday 12:00 EST plus two days on the wall clock: Monday 12:00 EDT.
    expect(table.state.schedule!.deadline).toBe('2026-03-09T16:00:00.000Z');
  });

  it('plans the deadline and the reminder before the end of a day', () => {
    const table = startedTable(3, { reminder: { days: 0, hours: 6, minutes: 0 } });
    const deadline = new Date(table.state.schedule!.deadline);
    expect(plannedEvents(table.state)).toEqual([
      { kind: 'deadline', at: deadline, phaseIndex: 0 },
      { kind: 'reminder', at: new Date(deadline.getTime() - 6 * 3_600_000), phaseIndex: 0 },
    ]);
    table.at(new Date(deadline.getTime() - 3_600_000).toISOString());
    table.vote(1, 'Bob');
    expect(notices(table.do(CLOCK, { kind: 'reminder' }))).toEqual([expect.objectContaining({ kind: 'reminder' })]);
    expect(table.effects[0]).toMatchObject({ to: { people: [2, 3] } });
  });

  it('runs the phases a judge that was down missed, one after the other', () => {
    const table = startedTable(3, { dayLength: { days: 1, hours: 0, minutes: 0 }, nightLength: { days: 1, hours: 0, minutes: 0 } });
    table.at(new Date(Date.parse(table.state.schedule!.deadline) + 30 * 3_600_000).toISOString());
    table.do(CLOCK, { kind: 'deadline' });
    expect(table.state.phaseIndex).toBe(2);
    expect(table.do(CLOCK, { kind: 'deadline' })).toEqual([]);
  });

  it('a new day length counts from the current phase on', () => {
    const table = startedTable(3);
    table.gm('Day 1 has ended early');
    const before = scheduledDeadline(table.state.schedule!, table.state.settings, 2);
    table.do(GM, { kind: 'set', change: { setting: 'day', length: { days: 3, hours: 0, minutes: 0 } } });
    expect(scheduledDeadline(table.state.schedule!, table.state.settings, 2).getTime() - before.getTime()).toBe(86_400_000);
    expect(table.refused(GM, { kind: 'set', change: { setting: 'zone', zone: 'UTC' } })).toEqual({ kind: 'setting-after-start', setting: 'zone' });
  });
});

describe('settings and the block', () => {
  const context = { now: new Date('2026-03-26T12:00:00Z'), zone: 'Europe/Berlin' };

  it.each([
    ['DAY 2D', { setting: 'day', length: { days: 2, hours: 0, minutes: 0 } }],
    ['NIGHT 1D 12H', { setting: 'night', length: { days: 1, hours: 12, minutes: 0 } }],
    ['FIRST END OF DAY 2026-03-27 20:00', { setting: 'first-end-of-day', at: '2026-03-27T19:00:00.000Z' }],
    ['zone america/new_york', { setting: 'zone', zone: 'America/New_York' }],
    ['PLAYERS 12', { setting: 'players', count: 12 }],
    ['LYNCH PLURALITY', { setting: 'lynch', mode: 'plurality' }],
    ['NO LYNCH OFF', { setting: 'no-lynch', on: false }],
    ['HAMMER ON', { setting: 'hammer', on: true }],
    ['VOTE COUNTS GM', { setting: 'vote-counts', who: 'gm' }],
    ['DEAD CHAT OFF', { setting: 'dead-chat', on: false }],
    ['REMINDER OFF', { setting: 'reminder', length: null }],
    ['ROLES Goon, 2 Villager', { setting: 'roles', roles: ['Goon', 'Villager', 'Villager'] }],
  ])('SET %s', (text, change) => {
    expect(parseMafiaSetting(text, context)).toEqual({ ok: true, change });
  });

  it('names what it cannot read', () => {
    expect(parseMafiaSetting('HAMMER maybe', context)).toEqual({
      ok: false,
      refusal: { kind: 'bad-setting-value', setting: 'hammer', written: 'maybe', expected: 'on-off' },
    });
    expect(parseMafiaSetting('PLAYERS 2', context)).toMatchObject({ ok: false, refusal: { setting: 'players', expected: 'players' } });
  });

  it('reads a block: ROLE … ENDROLE, PRESS TO … ENDPRESS, GROUP, votes, and other lines', () => {
    const lines = [
      'NAME Alice',
      'ROLE Bob',
      'You are the Cop.',
      '',
      'Investigate one player each night.',
      'ENDROLE',
      'GROUP scum: Bob, Carol',
      'PRESS TO scum',
      'hello',
      'ENDPRESS',
      'VOTE: Bob',
      'Alice has died.',
      'PRESS',
      'no end',
    ];
    expect(readMafiaBlock(lines.map((text, i) => ({ line: i + 2, text })))).toEqual([
      { kind: 'name', nick: 'Alice', line: 2 },
      { kind: 'role', nick: 'Bob', text: 'You are the Cop.\n\nInvestigate one player each night.', line: 3 },
      { kind: 'group', name: 'scum', nicks: ['Bob', 'Carol'], line: 8 },
      { kind: 'post', to: { group: 'scum' }, text: 'hello', line: 9 },
      { kind: 'vote', vote: { kind: 'vote', written: 'Bob' }, line: 12 },
      { kind: 'other', text: 'Alice has died.', line: 13 },
      { kind: 'unclosed', opener: 'PRESS', closer: 'ENDPRESS', line: 14 },
    ]);
  });
});

describe('what a reader sees', () => {
  it('roles: a player their own, the GMs all, the public none; the flips are public', () => {
    const table = startedTable(3, { roles: ['Goon', 'Cop', 'Villager'] });
    table.gm('Alice has been lynched. She was a Goon.');
    const own = mafiaView(table.state, { kind: 'person', person: 2 });
    expect(own.yourRole).toBe(table.player('Bob').role);
    expect([...own.living, ...own.dead].filter((s) => s.role !== null).map((s) => s.nick)).toEqual(['Bob']);
    expect([...mafiaView(table.state, { kind: 'public' }).living].every((s) => s.role === null)).toBe(true);
    expect(mafiaView(table.state, { kind: 'gm' }).living.every((s) => s.role !== null)).toBe(true);
    expect(mafiaView(table.state, { kind: 'public' }).dead).toEqual([
      { seat: 1, nick: 'Alice', alive: false, death: { phase: { kind: 'day', number: 1 }, comment: 'a Goon.' }, formerly: [], role: null, open: false },
    ]);
    expect(JSON.stringify(mafiaView(table.state, { kind: 'public' }))).not.toContain('Cop');
  });
});

describe('resigning and taking over a seat', () => {
  it('an open seat keeps its vote and the votes on it, neither votes nor posts, and a newcomer takes it with its nick and role', () => {
    const table = startedTable(5, { hammer: false });
    table.do(GM, { kind: 'role', nick: 'Bob', text: 'Cop' });
    table.do(GM, { kind: 'group', name: 'Masons', nicks: ['Bob', 'Carol'] });
    table.do(GM, { kind: 'group', name: 'Scum', nicks: ['Dave', 'Erin'] });
    table.do(person(2), { kind: 'post', text: 'Good morning.', to: 'everyone' });
    table.do(person(3), { kind: 'post', text: 'Bob, we are masons.', to: { group: 'masons' } });
    table.do(person(4), { kind: 'post', text: 'Kill Bob tonight.', to: { group: 'Scum' } });
    table.vote(2, 'Alice');
    table.vote(3, 'Bob');
    const left = table.do(person(2), { kind: 'resign' });
    expect(replies(left)).toEqual([{ kind: 'resigned', nick: 'Bob', open: true }]);
    expect(left).toContainEqual({ kind: 'notice', to: { kind: 'gms' }, notice: { kind: 'player-resigned', nick: 'Bob', open: true } });
    expect(JSON.stringify(left)).not.toContain('Cop');
    expect(table.state.votes).toEqual([
      { voter: 2, target: 1 },
      { voter: 3, target: 2 },
    ]);
    expect(table.refused(person(2), { kind: 'vote', vote: { kind: 'vote', written: 'Carol' } })).toEqual({ kind: 'not-in-game' });
    expect(table.refused(person(2), { kind: 'resign' })).toEqual({ kind: 'not-in-game' });
    expect(table.refused(person(3), { kind: 'takeover', nick: 'Bob' })).toEqual({ kind: 'joined-already' });
    expect(table.refused(person(9), { kind: 'takeover', nick: 'Carol' })).toEqual({ kind: 'seat-not-open', nick: 'Carol' });
    expect(table.refused(GM, { kind: 'resign' })).toEqual({ kind: 'gm-cannot-resign' });
    expect(mafiaView(table.state, { kind: 'public' }).living.find((s) => s.nick === 'Bob')!.open).toBe(true);

    const took = table.do(person(9), { kind: 'takeover', nick: 'bob' });
    expect(notices(took)).toEqual([
      {
        kind: 'you-took-over',
        nick: 'Bob',
        role: 'Cop',
        // The thread and the seat's group, never another group's posts.
        earlier: {
          posts: [
            { from: 'Bob', channel: 'everyone', text: 'Good morning.', phase: { kind: 'day', number: 1 } },
            { from: 'Carol', channel: 'Masons', text: 'Bob, we are masons.', phase: { kind: 'day', number: 1 } },
          ],
          dropped: 0,
        },
      },
      { kind: 'seat-taken-over', nick: 'Bob', phase: { kind: 'day', number: 1 } },
    ]);
    expect(table.player('Bob')).toEqual({
      seat: 2,
      person: 9,
      nick: 'Bob',
      alive: true,
      death: null,
      role: 'Cop',
      formerly: [{ nick: 'Bob', person: 2, phase: { kind: 'day', number: 1 } }],
    });
    // The newcomer's vote replaces the seat's; the count reads as before.
    table.vote(9, 'Carol');
    expect(table.state.votes).toEqual([
      { voter: 3, target: 2 },
      { voter: 2, target: 3 },
    ]);
    expect(mafiaView(table.state, { kind: 'person', person: 9 }).yourRole).toBe('Cop');
  });

  it('a standby or a player-to-be who resigns just leaves', () => {
    const table = new Table();
    table.do(person(1), { kind: 'join', nick: 'Alice' });
    expect(notices(table.do(person(1), { kind: 'resign' }))).toEqual([{ kind: 'player-resigned', nick: 'Alice', open: false }]);
    expect(table.state.joined).toEqual([]);
    expect(table.refused(person(1), { kind: 'takeover', nick: 'Alice' })).toEqual({ kind: 'not-started' });
  });

  it('observers and standbys read the thread but do not post', () => {
    const table = startedTable(3);
    expect(table.refused(person(8), { kind: 'post', text: 'hi', to: 'everyone' })).toEqual({ kind: 'readers-do-not-post', who: 'observer' });
    table.do(person(9), { kind: 'join', nick: 'Kim' });
    expect(table.refused(person(9), { kind: 'post', text: 'hi', to: 'everyone' })).toEqual({ kind: 'readers-do-not-post', who: 'standby' });
  });
});
