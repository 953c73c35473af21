import { describe, expect, it } from 'vitest';
import { isGmCommandLine, phaseAt, readGmLine, scheduledDeadline } from '../../src/mafia/index.ts';
import type { MafiaState } from '../../src/mafia/index.ts';
import { GM, notices, person, replies, startedTable } from './helpers.ts';

/** The game without the posts kept for replacements: a refused GM line still leaves its post in the thread. */
function gameOnly(state: MafiaState): MafiaState {
  const { thread: _thread, threadDropped: _dropped, ...game } = state;
  return game;
}

// Every row of the Mafia tracker bot's GM command tables (seeds 000 and 001), on in-memory games.

describe('PLAYER … DIED | DEAD | BEEN LYNCHED', () => {
  it.each([
    ['Alice has died.', 'Alice has died.'],
    ['alice is DEAD', 'alice is DEAD'],
    ['After a long debate ALICE has been lynched', 'After a long debate ALICE has been lynched'],
    ['Alice was found dead in the library. She was a Mafia Goon.', 'a Mafia Goon.'],
    ['Alice has been lynched. He was the Town Cop', 'the Town Cop'],
  ])('%s kills Alice with the comment "%s"', (line, comment) => {
    const table = startedTable();
    table.gm(line);
    const alice = table.player('Alice');
    expect(alice.alive).toBe(false);
    expect(alice.death).toEqual({ phase: { kind: 'day', number: 1 }, comment });
  });

  it('takes the name from the same sentence, before the word', () => {
    const table = startedTable();
    table.gm('Bob voted all day. Alice has died. She was a Doctor.');
    expect(table.player('Alice').alive).toBe(false);
    expect(table.player('Bob').alive).toBe(true);
    expect(table.player('Alice').death!.comment).toBe('a Doctor.');
  });

  it('reads two deaths on one line, one a sentence', () => {
    const table = startedTable();
    table.gm('Alice has died. Bob has been lynched.');
    expect([table.player('Alice').alive, table.player('Bob').alive]).toEqual([false, false]);
  });

  it('needs a correctly spelled name: a misspelt one is refused with a suggestion, and nothing changes', () => {
    const table = startedTable();
    const before = gameOnly(table.state);
    const effects = table.gm('Alcie has been lynched. She was a Goon.');
    expect(gameOnly(table.state)).toEqual(before);
    expect(replies(effects)).toContainEqual(
      expect.objectContaining({
        kind: 'line-refused',
        line: 1,
        refusal: { kind: 'death-names-nobody', line: 'Alcie has been lynched. She was a Goon.', suggestion: 'Alice' },
      }),
    );
  });

  it('refuses a name written after the word (the seed reads names before it)', () => {
    const table = startedTable();
    expect(readGmLine(table.state, 'Dead: Alice')).toMatchObject({ ok: false, refusal: { kind: 'death-names-nobody' } });
  });

  it('refuses a sentence naming two players, and a player who died already', () => {
    const table = startedTable();
    expect(readGmLine(table.state, 'Alice shot Bob dead.')).toEqual({ ok: false, refusal: { kind: 'death-names-several', nicks: ['Alice', 'Bob'] } });
    table.gm('Alice has died.');
    const before = gameOnly(table.state);
    expect(replies(table.gm('Alice has died.'))).toContainEqual(
      expect.objectContaining({ kind: 'line-refused', refusal: { kind: 'already-dead', nick: 'Alice' } }),
    );
    expect(gameOnly(table.state)).toEqual(before);
  });

  it('counts only the GMs: a player writing the line is refused as a command and is prose in a post', () => {
    const table = startedTable();
    expect(table.refused(person(2), { kind: 'gm-line', line: 'Alice has died.' })).toEqual({ kind: 'gm-only', command: 'Alice has died.' });
    table.do(person(2), { kind: 'post', text: 'Alice has died, I bet.', to: 'everyone' });
    expect(table.player('Alice').alive).toBe(true);
  });

  it('the dead lose their vote and the votes on them', () => {
    const table = startedTable();
    table.vote(1, 'Bob');
    table.vote(3, 'Alice');
    table.gm('Alice has died.');
    expect(table.state.votes).toEqual([]);
  });
});

describe('##RESURRECT PLAYER', () => {
  it('brings a dead player back, the death forgotten', () => {
    const table = startedTable();
    table.gm('Alice has died.');
    table.gm('##RESURRECT Alice');
    expect(table.player('Alice')).toMatchObject({ alive: true, death: null });
    expect(replies(table.effects)).toContainEqual({ kind: 'resurrected', nick: 'Alice' });
  });

  it('refuses the living and an unknown name', () => {
    const table = startedTable();
    expect(replies(table.gm('##resurrect alice'))).toContainEqual(expect.objectContaining({ refusal: { kind: 'not-dead', nick: 'Alice' } }));
    expect(replies(table.gm('##RESURRECT Alize'))).toContainEqual(
      expect.objectContaining({ refusal: { kind: 'unknown-player', written: 'Alize', suggestion: 'Alice' } }),
    );
  });
});

describe('DAY|NIGHT … HAS BEGUN | HAS ENDED', () => {
  it('ends the current phase at the time of the mail; later deadlines do not change', () => {
    const table = startedTable(10, { zone: 'Europe/Berlin' });
    const schedule = table.state.schedule!;
    const night1 = scheduledDeadline(schedule, table.state.settings, 1);
    table.at('2026-03-21T09:00:00Z');
    const effects = table.gm('Day 1 has ended.');
    expect(table.state.phaseIndex).toBe(1);
    expect(table.state.schedule!.deadline).toBe(night1.toISOString());
    expect(replies(effects)).toContainEqual({ kind: 'phase-ended', phase: phaseAt(0), next: phaseAt(1) });
    expect(notices(effects).map((n) => n.kind)).toEqual(['day-ended', 'phase-begun']);
  });

  it('NIGHT … HAS BEGUN ends the day before it; the pair "DAY 1 HAS ENDED" / "NIGHT 1 HAS BEGUN" ends one phase', () => {
    const table = startedTable();
    table.gm('Day 1 has ended.\nNight 1 has begun.');
    expect(table.state.phaseIndex).toBe(1);
    expect(replies(table.effects)).toContainEqual({ kind: 'phase-begun-noted', phase: phaseAt(1) });
    const other = startedTable();
    other.gm('night 1 HAS BEGUN');
    expect(other.state.phaseIndex).toBe(1);
  });

  it('is ignored when the phase named does not match', () => {
    const table = startedTable();
    const effects = table.gm('Night 1 has ended.');
    expect(table.state.phaseIndex).toBe(0);
    expect(replies(effects)).toContainEqual({ kind: 'phase-line-ignored', written: 'night', verb: 'ended', phase: phaseAt(0) });
  });
});

describe('DAY|NIGHT … HAS ENDED EARLY', () => {
  it('alone on its line and matching the phase: ends it and starts the next, later deadlines unmoved', () => {
    const table = startedTable();
    const night1 = scheduledDeadline(table.state.schedule!, table.state.settings, 1).toISOString();
    table.gm('DAY 1 HAS ENDED EARLY!');
    expect(table.state.phaseIndex).toBe(1);
    expect(table.state.schedule!.deadline).toBe(night1);
  });

  it('not when it is night and the line says day', () => {
    const table = startedTable();
    table.gm('Day 1 has ended early');
    table.gm('Day 1 has ended early');
    expect(table.state.phaseIndex).toBe(1);
  });

  it('"ENDED EARLY" with other words on the line is refused', () => {
    const table = startedTable();
    expect(replies(table.gm('I think day 1 ended early, sorry'))).toContainEqual(expect.objectContaining({ refusal: { kind: 'early-not-alone' } }));
    expect(table.state.phaseIndex).toBe(0);
  });
});

describe('DEADLINE … MOVED <length> LATER | EARLIER', () => {
  it.each([
    ['Deadline moved 2D later', 2 * 1440],
    ['DEADLINE MOVED 1H LATER', 60],
    ['The deadline is moved 1 D 12 H later', 36 * 60],
    ['deadline moved 1D12H later', 36 * 60],
    ['Deadline for today moved 1D 23H 30M later', 47 * 60 + 30],
    ['deadline moved 2 days later', 2 * 1440],
    ['Deadline moved 24 hours earlier', -1440],
    ['Deadline moved 1 day 12 hours 34 minutes later', 36 * 60 + 34],
  ])('%s moves this and every later deadline by %i minutes', (line, minutes) => {
    const table = startedTable(10, { dayLength: { days: 3, hours: 0, minutes: 0 } });
    const settings = table.state.settings;
    const before = [0, 1, 2, 3].map((i) => scheduledDeadline(table.state.schedule!, settings, i).getTime());
    table.gm(line);
    const after = [0, 1, 2, 3].map((i) => scheduledDeadline(table.state.schedule!, settings, i).getTime());
    expect(Date.parse(table.state.schedule!.deadline) - before[0]!).toBe(minutes * 60_000);
    expect(after.map((t, i) => t - before[i]!)).toEqual([0, 1, 2, 3].map(() => minutes * 60_000));
  });

  it('never into the past', () => {
    const table = startedTable();
    const before = gameOnly(table.state);
    expect(replies(table.gm('Deadline moved 3 days earlier'))).toContainEqual(
      expect.objectContaining({ refusal: expect.objectContaining({ kind: 'deadline-in-past' }) }),
    );
    expect(gameOnly(table.state)).toEqual(before);
  });

  it('names the word it cannot read', () => {
    const table = startedTable();
    expect(replies(table.gm('Deadline moved 2 fortnights later'))).toContainEqual(
      expect.objectContaining({ refusal: { kind: 'bad-length', error: expect.objectContaining({ word: 'fortnights' }) } }),
    );
  });
});

describe('NEW HAS REPLACED OLD | NEW IS REPLACING OLD', () => {
  it.each(['Kim has replaced Dave', 'Note: kim IS REPLACING dave.'])('%s: the newcomer takes the seat, its votes and the votes on it', (line) => {
    const table = startedTable();
    table.do(person(11), { kind: 'join', nick: 'Kim' });
    table.vote(4, 'Alice');
    table.vote(1, 'Dave');
    const effects = table.gm(line);
    const seat = table.state.players.find((p) => p.seat === 4)!;
    expect(seat).toMatchObject({ person: 11, nick: 'Kim', formerly: [{ nick: 'Dave', person: 4, phase: phaseAt(0) }] });
    expect(table.state.votes).toEqual([
      { voter: 4, target: 1 },
      { voter: 1, target: 4 },
    ]);
    expect(notices(effects).map((n) => n.kind)).toEqual(['you-replace', 'you-were-replaced']);
    table.vote(11, 'Bob');
    table.vote(2, 'Kim');
    expect(table.state.votes).toContainEqual({ voter: 4, target: 2 });
  });

  it('refuses names that are not a standby and a player', () => {
    const table = startedTable();
    expect(replies(table.gm('Zed has replaced Dave'))).toContainEqual(
      expect.objectContaining({ refusal: { kind: 'replacement-names-nobody', line: 'Zed has replaced Dave' } }),
    );
    expect(replies(table.gm('Carol has replaced Dave'))).toContainEqual(
      expect.objectContaining({ refusal: { kind: 'replacement-plays-already', nick: 'Carol' } }),
    );
  });
});

describe('GAME HAS ENDED | GAME ENDED | GAME IS OVER, and UNEND', () => {
  it.each(['GAME HAS ENDED', 'The game ended.', 'game is over!'])('%s ends the game; only UNEND is read afterwards', (line) => {
    const table = startedTable();
    table.gm(line);
    expect(table.state.status).toBe('ended');
    expect(table.refused(person(1), { kind: 'vote', vote: { kind: 'vote', written: 'Bob' } })).toEqual({ kind: 'game-over' });
    table.gm('Alice has died.');
    expect(table.player('Alice').alive).toBe(true);
  });

  it.each(['UNEND GAME', 'Game has unended', 'game unended'])('%s goes on in the same phase when its deadline is ahead', (line) => {
    const table = startedTable();
    const deadline = table.state.schedule!.deadline;
    table.gm('Game is over');
    table.gm(line);
    expect(table.state).toMatchObject({ status: 'running', phaseIndex: 0, schedule: { deadline } });
  });

  it('restores the schedule from the last past deadline', () => {
    const table = startedTable(
      10,
      { dayLength: { days: 1, hours: 0, minutes: 0 }, nightLength: { days: 1, hours: 0, minutes: 0 } },
      new Date('2026-03-02T20:00:00Z'),
    );
    table.gm('The game is over.');
    // Day 1 ended 03-03 20:00, Night 1 would end 03-04 20:00; it is now 03-04 08:00: Night 1 runs.
    table.at('2026-03-04T08:00:00Z');
    table.gm('unend game');
    expect(table.state.phaseIndex).toBe(1);
    expect(table.state.schedule!.deadline).toBe('2026-03-04T20:00:00.000Z');
    expect(table.refused(GM, { kind: 'gm-line', line: 'game unended' })).toEqual({ kind: 'not-ended' });
  });
});

describe('a GM line told from prose', () => {
  it.each([
    ['Alice has died.', true],
    ['##RESURRECT Bob', true],
    ['Deadline moved 2 fortnights later', true],
    ['Kim has replaced Dave', true],
    ['Day 1 has ended', true],
    ['Hello everyone', false],
    ['The dead are quiet', false],
  ])('%s: %s', (line, gm) => {
    expect(isGmCommandLine(startedTable(4).state, line)).toBe(gm);
  });
});
