import { describe, expect, it } from 'vitest';
import { loadRoleSet } from '../../src/catalog/roleset-catalog.ts';
import { Judge } from '../../src/judge/judge.ts';
import { onScheduledGameEvent } from '../../src/judge/kinds/events.ts';
import { replay } from '../../src/judge/werewolf/kind.ts';
import { werewolfTableOf, type WerewolfTable } from '../../src/judge/werewolf/werewolf-state.ts';
import type { RoleSet } from '../../src/werewolf/definitions.ts';
import { reminderLeadMinutes } from '../../src/werewolf/reminders.ts';
import { HARNESS_JUDGE, inboundMail } from '../support/judge-harness.ts';
import { InMemoryJudgeStore, type QueuedMailRow } from '../support/in-memory-judge-store.ts';
import { gameName } from '../support/names.ts';
import { publicPage } from '../support/public-page.ts';

// Issue 34's narrator games by mail: nine players of the shipped classic set on the in-memory store
// (the judge's whole mail path, no database), dealt from the seed recorded at CREATE, played to a
// town win, a wolf win and the tanner's solo win; each player is mailed their role alone, prompted
// at each phase with what they may write, and told only what their role and the announcements tell.

const NICKS = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy'];
const MASTER = 'gm@players.example';
const WATCHER = 'watcher@players.example';
const address = (nick: string) => `${nick}@players.example`;

function classic(): RoleSet {
  const loaded = loadRoleSet('classic');
  if (!loaded.ok) throw new Error('the classic set does not load');
  return loaded.roleSet;
}

async function village() {
  let now = new Date('2026-11-28T12:00:00Z');
  const { store, ask } = freshJudge(() => now);
  const as = (nick: string, lines: string) => ask(address(nick), `SIGNON ${nick}@village pw-${nick}\n${lines}`);
  const master = (lines: string) => ask(MASTER, `SIGNON master@village gmpass\n${lines}`);
  const table = (): Promise<WerewolfTable> => store.transaction(async (tx) => werewolfTableOf((await tx.findGame(gameName('village')))!));
  /** The clock moves on and the scheduler runs every job due. */
  const at = async (iso: string) => {
    now = new Date(iso);
    for (const job of [...store.jobs()].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())) {
      if (job.dueAt.getTime() > now.getTime()) continue;
      await store.transaction((tx) => onScheduledGameEvent(tx, HARNESS_JUDGE, { kind: job.kind, gameId: job.gameId, phase: null }, now));
    }
  };
  const created = await ask(MASTER, 'CREATE village gmpass werewolf ROLESET classic\nSET NIGHT 1D\nSET DAY 1D');
  expect(created).toContain("Werewolf game 'village' has been created with the role set classic; you are its Master.");
  expect(await ask(WATCHER, 'OBSERVE village watchpw')).toContain("You are observing 'village'");
  for (const [i, nick] of NICKS.slice(0, 8).entries()) expect(await ask(address(nick), `JOIN village pw-${nick}\nNAME ${nick}`)).toContain(`(${i + 1} of 9)`);
  const mark = store.outbox().length;
  // The ninth player fills the table: the game starts by itself.
  expect(await ask(address('ivy'), 'JOIN village pw-ivy\nNAME ivy')).toContain("You have joined 'village' as ivy (9 of 9).");
  const startMails = store.outbox().slice(mark);
  const t = await table();
  const roleOf = new Map(t.game!.players.map((p) => [p.name, p.role]));
  /** The player dealt the role (the n-th, for the two werewolves). */
  const who = (role: string, n = 0) => t.game!.players.filter((p) => p.role === role)[n]!.name;
  const mailsTo = (mails: readonly QueuedMailRow[], nick: string) => mails.filter((m) => m.kind !== 'reply' && m.to.includes(address(nick) as never));
  /** A page of the web site (the read-only games site on this store), as anyone sees it. */
  const web = (url: string) => publicPage(store, url, () => now);
  const page = () => web('/games/village');
  return { store, ask, as, master, table, at, startMails, roleOf, who, mailsTo, page, web };
}

/** A judge on a store of its own, its clock at `now`, and the reply it gives a mail. */
function freshJudge(now: () => Date = () => new Date('2026-11-28T12:00:00Z')) {
  const store = new InMemoryJudgeStore();
  const judge = new Judge(store, HARNESS_JUDGE, () => 0.3, now);
  const ask = async (from: string, text: string) => {
    const before = store.outbox().length;
    await judge.receive(inboundMail(from, text));
    return (
      store
        .outbox()
        .slice(before)
        .find((m) => m.kind === 'reply' && m.to.includes(from as never))?.body ?? ''
    );
  };
  return { store, judge, ask };
}

/** Every mail (not a reply) a recipient got after `mark`, joined. */
function told(store: InMemoryJudgeStore, recipient: string, mark = 0): string {
  return store
    .outbox()
    .slice(mark)
    .filter((m) => m.kind !== 'reply' && m.to.includes(recipient as never))
    .map((m) => m.body)
    .join('\n---\n');
}

const ROLES = ['Villager', 'Werewolf', 'Seer', 'Doctor', 'Hunter', 'Witch', 'Mayor', 'Tanner'];

/**
 * Nothing leaks: in every mail before the end, a line that names a role is one the reader may see —
 * a death told to all with the role, the reader's own role and its text, or (for the seer alone) the
 * seer's own answer. The Master and observers see the deaths alone.
 */
function expectNoRoleLeaks(store: InMemoryJudgeStore, roleOf: ReadonlyMap<string, string>): void {
  const recipients = [
    ...NICKS.map((nick) => ({ address: address(nick), role: roleOf.get(nick)! })),
    { address: MASTER, role: null },
    { address: WATCHER, role: null },
  ];
  let checked = 0;
  for (const { address: to, role } of recipients) {
    const bodies = store.outbox().filter((m) => m.kind !== 'reply' && m.to.includes(to as never));
    for (const body of bodies.map((m) => m.body.split('The game is over')[0]!)) {
      let ownRoleText = false;
      for (const line of body.split('\n')) {
        if (line.startsWith('Your role, as the role set writes it:')) ownRoleText = true;
        else if (!line.startsWith('  ')) ownRoleText = false;
        if (!ROLES.some((r) => new RegExp(`\\b${r}\\b`).test(line))) continue;
        checked++;
        const allowed =
          /^\S+ has (died|been lynched)\. They were an? \w+\.$/.test(line) ||
          (role !== null && new RegExp(`^You are an? ${role} \\(`).test(line)) ||
          (role !== null && ownRoleText && line.includes(role)) ||
          (role === 'Seer' && /^Your investigation of \S+: their role is \w+\.$/.test(line));
        expect(allowed, `${to} was told: ${line}`).toBe(true);
      }
    }
  }
  expect(checked).toBeGreaterThan(NICKS.length);
}

describe('a werewolf game by mail, the classic set, nine players', () => {
  it('deals from the seed recorded at CREATE and mails each player their role alone, with what they may do', async () => {
    const v = await village();
    const t = await v.table();
    expect(t.seed).toBe(Math.floor(0.3 * 2 ** 32));
    expect([...v.roleOf.values()].sort()).toEqual(['Doctor', 'Hunter', 'Mayor', 'Seer', 'Tanner', 'Villager', 'Werewolf', 'Werewolf', 'Witch']);
    for (const nick of NICKS) {
      const mine = v.mailsTo(v.startMails, nick);
      expect(mine).toHaveLength(1);
      const role = v.roleOf.get(nick)!;
      // Their role and its text from the set, to them alone.
      expect(mine[0]!.to).toEqual([address(nick)]);
      expect(mine[0]!.body).toMatch(new RegExp(`You are an? ${role} `));
      expect(mine[0]!.body).toContain(`**${role}** |`);
      expect(mine[0]!.body).toContain('Night 1 ends Sun Nov 29 2026 12:00:00 +0000 (UTC).');
    }
    const mail = (nick: string) => v.mailsTo(v.startMails, nick)[0]!.body;
    expect(mail(v.who('Seer'))).toMatch(/INVESTIGATE name: done when the phase ends, one of /);
    expect(mail(v.who('Doctor'))).toContain('PROTECT name: done when the phase ends');
    expect(mail(v.who('Witch'))).toContain('PROTECT name');
    expect(mail(v.who('Witch'))).toContain('KILL name');
    expect(mail(v.who('Werewolf'))).toContain('VOTE name: your vote in the Wolfpack poll');
    expect(mail(v.who('Werewolf'))).toContain(`The Wolfpack: ${[v.who('Werewolf', 0), v.who('Werewolf', 1)].join(', ')}.`);
    expect(mail(v.who('Villager'))).toContain('You have nothing to do in Night 1.');
    // The Master and the observer are told what everyone is told: no role at all.
    const publicMail = v.startMails.filter((m) => m.to.includes(MASTER as never));
    expect(publicMail).toHaveLength(1);
    expect([...publicMail[0]!.to].sort()).toEqual([MASTER, WATCHER].sort());
    expect(publicMail[0]!.body).toBe('Night 1 begins.\n');
  });

  it('plays to a town win: the seer finds a wolf, the town lynches it, the hunter takes the other with him', async () => {
    const v = await village();
    const [w1, w2] = [v.who('Werewolf', 0), v.who('Werewolf', 1)];
    const seer = v.who('Seer');
    // Night 1 by mail; a choice can be changed until the night ends.
    expect(await v.as(w1, `VOTE ${v.who('Villager')}`)).toContain(`Your vote in the Wolfpack poll: ${v.who('Villager')}.`);
    expect(await v.as(w2, `VOTE ${v.who('Villager')}`)).toContain('Your vote in the Wolfpack poll');
    expect(await v.as(seer, `INVESTIGATE ${w2}`)).toContain(`INVESTIGATE ${w2}: recorded; you may change it until Night 1 ends.`);
    expect(await v.as(seer, `INVESTIGATE ${w1}`)).toContain(`INVESTIGATE ${w1}: recorded`);
    expect(await v.as(v.who('Doctor'), `PROTECT ${seer}`)).toContain('recorded');
    expect(await v.as(v.who('Hunter'), `TARGET ${w2}`)).toContain(`TARGET ${w2}: done.`);
    // The pack talks in its own channel; a post to everyone reaches everyone; nobody else writes to the pack.
    let mark0 = v.store.outbox().length;
    expect(await v.as(w1, 'PRESS TO Wolfpack\nThe villager tonight.\nENDPRESS')).toContain('Your press was sent to the Wolfpack (1 address).');
    let posts = v.store
      .outbox()
      .slice(mark0)
      .filter((m) => m.kind === 'press');
    expect(posts.map((m) => ({ to: m.to, body: m.body }))).toEqual([{ to: [address(w2)], body: `${w1} writes to the Wolfpack:\n\nThe villager tonight.\n` }]);
    expect(await v.as(seer, 'PRESS TO Wolfpack\nhello\nENDPRESS')).toContain('You cannot write to Wolfpack: you write to everyone (PRESS) only.');
    mark0 = v.store.outbox().length;
    expect(await v.as(seer, 'PRESS\nGood night, all.\nENDPRESS')).toContain('Your press was sent to everyone (10 addresses).');
    posts = v.store
      .outbox()
      .slice(mark0)
      .filter((m) => m.kind === 'press');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.to).not.toContain(address(seer));
    expect(posts[0]!.to).toContain(WATCHER);
    // Bad lines are refused by name and change nothing.
    expect(await v.as(v.who('Villager'), `INVESTIGATE ${w1}`)).toContain(
      'INVESTIGATE is not a command of a werewolf game, and your role has no action to write.',
    );
    expect(await v.as(seer, 'INVESTIGATE nobody')).toContain('nobody cannot be chosen; choose one of');
    expect(await v.as(seer, 'VOTE ann')).toContain('You vote in no poll now.');
    // A password written where the game takes none is masked when the line is quoted back.
    const masked = await v.as(seer, 'SET PASSWORD secret-pw two');
    expect(masked).toContain('Line 2, "SET PASSWORD **** ****": SET PASSWORD takes the new password, one word: SET PASSWORD newpassword.');
    expect(masked).not.toContain('secret-pw');
    const mark = v.store.outbox().length;
    await v.at('2026-11-29T12:00:00Z');
    // The night's death to everyone; the seer's answer to the seer alone.
    expect(told(v.store, MASTER, mark)).toContain(`${v.who('Villager')} has died. They were a Villager.`);
    expect(told(v.store, address(seer), mark)).toContain(`Your investigation of ${w1}: their role is Werewolf.`);
    for (const nick of NICKS.filter((n) => n !== seer)) expect(told(v.store, address(nick))).not.toContain('Your investigation');
    expect(told(v.store, address(v.who('Hunter')))).toContain(`Your target is ${w2}.`);
    expect(told(v.store, address(v.who('Doctor')), mark)).toContain('VOTE name: your vote in the Lynch poll');
    // The dead write to the dead alone (here: the Master and the observer).
    mark0 = v.store.outbox().length;
    expect(await v.as(v.who('Villager'), 'PRESS\nI was a villager!\nENDPRESS')).toContain('Your press was sent to the dead (2 addresses).');
    const deadPost = v.store
      .outbox()
      .slice(mark0)
      .find((m) => m.kind === 'press')!;
    expect([...deadPost.to].sort()).toEqual([MASTER, WATCHER].sort());
    // The web page shows the public facts only: the phase, the living, the night's dead with the role told at the death.
    const day1 = await v.page();
    expect(day1).toContain('<span class="phase">Day 1</span>');
    expect(day1).toContain(`<td data-label="Player">${v.who('Villager')}</td><td data-label="Died">Night 1</td><td data-label="Role">Villager</td>`);
    const players = day1.slice(day1.indexOf('<section id="living">'));
    for (const role of ['Seer', 'Doctor', 'Werewolf', 'Tanner', 'Witch', 'Mayor', 'Hunter']) expect(players).not.toContain(role);
    expect(day1).not.toContain('id="roles"');
    // Day 1: every living player votes, so the day ends at once; the mayor's vote counts twice.
    const town = ['Seer', 'Doctor', 'Hunter', 'Witch', 'Mayor', 'Tanner'].map((r) => v.who(r));
    for (const nick of town) await v.as(nick, `VOTE ${w1}`);
    await v.as(w2, `VOTE ${seer}`);
    expect((await v.table()).game!.phaseIndex).toBe(1);
    await v.as(w1, `VOTE ${seer}`);
    expect((await v.table()).game!.phaseIndex).toBe(2);
    expect(told(v.store, WATCHER)).toContain(`The Lynch poll is closed: ${w1} is chosen.\n  ${w1} (7): `);
    // Night 2: the wolf kills the hunter, who shoots his target at once.
    await v.as(w2, `VOTE ${v.who('Hunter')}`);
    await v.at('2026-11-30T12:00:00Z');
    const end = told(v.store, WATCHER);
    expect(end).toContain(`${w2} has died. They were a Werewolf.`);
    expect(end).toContain(`The game is over: the Townsfolk wins`);
    // Every role revealed to everyone at the end.
    for (const nick of NICKS) expect(told(v.store, address(nick))).toContain(`  ${nick}: ${v.roleOf.get(nick)}`);
    expectNoRoleLeaks(v.store, v.roleOf);
    // After the end the web page shows every role.
    const over = await v.page();
    expect(over).toContain('over in Night 2: the Townsfolk wins');
    for (const nick of NICKS) expect(over).toContain(`<tr><td>${nick}</td><td>${v.roleOf.get(nick)}</td></tr>`);
    const t = await v.table();
    expect(t.status).toBe('ended');
    expect(v.store.jobs()).toEqual([]);
    // The game replays exactly from the recorded seed and its commands.
    expect(replay(classic(), NICKS, t.seed, t.log)).toEqual(t.game);
  });

  it('plays to a wolf win at parity, each phase ended by its deadline', async () => {
    const v = await village();
    const [w1, w2] = [v.who('Werewolf', 0), v.who('Werewolf', 1)];
    const r = (role: string) => v.who(role);
    const votes = async (target: string, ...voters: string[]) => {
      for (const voter of voters) await v.as(voter, `VOTE ${target}`);
    };
    await votes(r('Seer'), w1, w2);
    await v.as(r('Doctor'), `PROTECT ${r('Villager')}`);
    await v.at('2026-11-29T12:00:00Z');
    await votes(r('Doctor'), w1, w2, r('Tanner'), r('Villager'), r('Witch'));
    await votes(w1, r('Mayor'), r('Hunter'));
    await v.at('2026-11-30T12:00:00Z');
    await votes(r('Witch'), w1, w2);
    await v.at('2026-12-01T12:00:00Z');
    await votes(r('Villager'), w1, w2, r('Tanner'), r('Hunter'));
    await votes(w1, r('Mayor'));
    await v.at('2026-12-02T12:00:00Z');
    await votes(r('Mayor'), w1, w2);
    await v.at('2026-12-03T12:00:00Z');
    expect(told(v.store, MASTER)).toContain('The game is over: the Werewolf wins');
    expect((await v.table()).game!.ended).toEqual({ winners: ['Werewolf'] });
    // Until the end, nobody but the wolves was told who the wolves are.
    const untilEnd = (recipient: string) => told(v.store, recipient).split('The game is over')[0]!;
    for (const nick of NICKS.filter((n) => n !== w1 && n !== w2)) {
      expect(untilEnd(address(nick))).not.toContain('Wolfpack');
      expect(untilEnd(address(nick))).not.toMatch(new RegExp(`${w1}\\b[^\\n]*Werewolf|${w2}\\b[^\\n]*Werewolf`));
    }
    expect(untilEnd(MASTER)).not.toContain('Werewolf');
    expectNoRoleLeaks(v.store, v.roleOf);
  });

  it("plays to the tanner's solo win, and ROLLBACK opens the day again as it stood", async () => {
    const v = await village();
    const [w1, w2] = [v.who('Werewolf', 0), v.who('Werewolf', 1)];
    const tanner = v.who('Tanner');
    await v.as(w1, `VOTE ${v.who('Villager')}`);
    await v.as(w2, `VOTE ${v.who('Villager')}`);
    await v.at('2026-11-29T12:00:00Z');
    // The LIST of a game in play tells the public facts only: the living, the dead with their role.
    const list = await v.ask('someone@players.example', 'LIST village');
    expect(list).toContain('Day 1, ending');
    expect(list).toContain(`Dead (1):\n  ${v.who('Villager')}, the Villager (Night 1)`);
    for (const role of ['Seer', 'Doctor', 'Werewolf', 'Tanner', 'Witch', 'Mayor', 'Hunter']) expect(list).not.toContain(role);
    for (const nick of NICKS.filter((n) => n !== tanner && n !== v.who('Villager'))) await v.as(nick, `VOTE ${tanner}`);
    await v.at('2026-11-30T12:00:00Z');
    expect(told(v.store, WATCHER)).toContain(`${tanner} has been lynched. They were a Tanner.`);
    expect(told(v.store, WATCHER)).toContain(`The game is over: the Tanner wins (${tanner}).`);
    const ended = await v.table();
    expect(ended.status).toBe('ended');
    expectNoRoleLeaks(v.store, v.roleOf);
    // ROLLBACK: the day before its end, replayed from the seed and the log, with its votes.
    expect(await v.master('ROLLBACK')).toContain('The game is rolled back to the start of Day 1.');
    const back = await v.table();
    expect(back).toMatchObject({ status: 'running', deadline: '2026-12-01T12:00:00.000Z' });
    expect(back.game!.phaseIndex).toBe(1);
    expect(Object.keys(back.game!.polls[0]!.votes)).toHaveLength(7);
    expect(
      v.store
        .jobs()
        .filter((j) => j.kind === 'deadline')
        .map((j) => j.dueAt.toISOString()),
    ).toEqual(['2026-12-01T12:00:00.000Z']);
    await v.at('2026-12-01T12:00:00Z');
    expect((await v.table()).game).toEqual(ended.game);
  });

  it('ends a night early once every player with something to do has chosen it or written DONE; STATUS tells a player their own state', async () => {
    const v = await village();
    const [w1, w2] = [v.who('Werewolf', 0), v.who('Werewolf', 1)];
    const status = await v.as(v.who('Seer'), 'STATUS');
    expect(status).toContain(`You are ${v.who('Seer')}, the Seer.`);
    expect(status).toContain('Alive (9): ann, bob, cat, dan, eve, fay, gus, hal, ivy.');
    expect(status).toContain('INVESTIGATE name: done when the phase ends');
    // Only the Master sets, only before the start; nobody joins a full game.
    expect(await v.as(w1, 'SET NIGHT 2D')).toContain("Only the game's Master may write SET.");
    expect(await v.master('SET NIGHT 2D')).toContain('SET can be written only before the game starts.');
    expect(await v.ask('late@players.example', 'JOIN village latepw\nNAME kim')).toContain('JOIN can be written only before the game starts.');
    await v.as(w1, `VOTE ${v.who('Mayor')}`);
    await v.as(w2, `VOTE ${v.who('Mayor')}`);
    await v.as(v.who('Seer'), `INVESTIGATE ${w2}`);
    await v.as(v.who('Doctor'), `PROTECT ${v.who('Mayor')}`);
    expect((await v.table()).game!.phaseIndex).toBe(0);
    // The witch keeps her potions: DONE, and the night ends at once, hours before its deadline.
    expect(await v.as(v.who('Witch'), 'DONE')).toContain('You are done for Night 1.');
    const t = await v.table();
    expect(t.game!.phaseIndex).toBe(1);
    expect(t.deadline).toBe('2026-11-29T12:00:00.000Z');
    expect(told(v.store, address(v.who('Doctor')))).toContain(`Your protection of ${v.who('Mayor')} was used.`);
    expect(told(v.store, WATCHER)).not.toContain('protection');
    expect(
      v.store
        .jobs()
        .filter((j) => j.kind === 'deadline')
        .map((j) => j.dueAt.toISOString()),
    ).toEqual(['2026-11-29T12:00:00.000Z']);
    // ROLLBACK opens the night again with every choice in: it waits for its deadline (or a change), not ending at once.
    expect(await v.master('ROLLBACK')).toContain('The game is rolled back to the start of Night 1.');
    expect((await v.table()).game!.phaseIndex).toBe(0);
    expect(await v.master('ROLLBACK')).toContain('There is no earlier phase to roll back to.');
  });

  it('the Master moves a running deadline (SET DEADLINE date, EXTEND length): everyone is told, the end is rescheduled, the past refused', async () => {
    const v = await village();
    const wolf = v.who('Werewolf');
    expect(await v.as(wolf, 'SET DEADLINE 2026-11-29T18:00')).toContain("Only the game's Master may write SET DEADLINE.");
    const mark = v.store.outbox().length;
    expect(await v.master('SET DEADLINE 2026-11-29T18:00')).toContain('The Master has moved the deadline: Night 1 now ends');
    expect((await v.table()).deadline).toBe('2026-11-29T18:00:00.000Z');
    // Every player and the observer are told; the Master has it in the reply.
    for (const to of [...NICKS.map(address), WATCHER]) expect(told(v.store, to, mark)).toContain('The Master has moved the deadline: Night 1 now ends');
    expect(told(v.store, MASTER, mark)).toBe('');
    expect(
      v.store
        .jobs()
        .filter((j) => j.kind === 'deadline')
        .map((j) => j.dueAt.toISOString()),
    ).toEqual(['2026-11-29T18:00:00.000Z']);
    // The old deadline passes and the night is still open.
    await v.at('2026-11-29T12:00:00Z');
    expect((await v.table()).game!.phaseIndex).toBe(0);
    expect(await v.master('EXTEND 6H')).toContain('Night 1 now ends');
    expect((await v.table()).deadline).toBe('2026-11-30T00:00:00.000Z');
    // A moment in the past, or words that are no date, are refused with the reason; the deadline stays.
    expect(await v.master('SET DEADLINE 2026-11-29T06:00')).toMatch(/"SET DEADLINE 2026-11-29T06:00": .*is not in the future.* The deadline is unchanged/);
    expect(await v.master('SET DEADLINE soonish')).toContain('The deadline is unchanged (SET DEADLINE takes a date such as');
    expect(await v.master('EXTEND forever')).toContain('The deadline is unchanged (EXTEND takes a length such as 12H or 1D 6H).');
    expect((await v.table()).deadline).toBe('2026-11-30T00:00:00.000Z');
    await v.at('2026-11-30T00:00:00Z');
    expect((await v.table()).game!.phaseIndex).toBe(1);
  });

  it('reminds, 12 hours before the deadline, each player with a vote or action still to give, once, naming their own options alone', async () => {
    const v = await village();
    const [w1, w2, seer, doctor, witch] = [v.who('Werewolf', 0), v.who('Werewolf', 1), v.who('Seer'), v.who('Doctor'), v.who('Witch')];
    expect(reminderLeadMinutes(24 * 60)).toBe(12 * 60);
    expect(reminderLeadMinutes(6 * 60)).toBe(3 * 60);
    expect(
      v.store
        .jobs()
        .filter((j) => j.kind === 'reminder')
        .map((j) => j.dueAt.toISOString()),
    ).toEqual(['2026-11-29T00:00:00.000Z']);
    await v.as(seer, `INVESTIGATE ${w1}`);
    await v.as(witch, 'DONE');
    const mark = v.store.outbox().length;
    await v.at('2026-11-29T00:00:00Z');
    const reminders = v.store
      .outbox()
      .slice(mark)
      .filter((m) => m.subject.includes('Reminder'));
    const reminded = reminders.flatMap((m) => m.to).sort();
    // The wolves (their poll) and the doctor; not the seer who chose, the witch who wrote DONE, the villagers with nothing to do, the Master or observer.
    expect(reminded).toEqual([w1, w2, doctor].map(address).sort());
    for (const m of reminders) expect(m.to).toHaveLength(1);
    const wolfMail = reminders.find((m) => m.to.includes(address(w1) as never))!.body;
    expect(wolfMail).toContain("A reminder from 'village': Night 1 ends soon and you have not chosen everything you may yet.");
    expect(wolfMail).toContain('VOTE name: your vote in the');
    expect(wolfMail).toContain('Night 1 ends');
    const doctorMail = reminders.find((m) => m.to.includes(address(doctor) as never))!.body;
    expect(doctorMail).not.toContain('VOTE');
    for (const body of [wolfMail, doctorMail]) expect(body).not.toMatch(/INVESTIGATE|Seer|Witch/);
    // Once: the job is spent, running the clock again sends nothing more.
    await v.at('2026-11-29T01:00:00Z');
    expect(v.store.outbox().filter((m) => m.subject.includes('Reminder'))).toHaveLength(3);
    expect(v.store.jobs().filter((j) => j.kind === 'reminder')).toEqual([]);
    // A deadline moved later gets its own reminder.
    await v.master('EXTEND 12H');
    expect(
      v.store
        .jobs()
        .filter((j) => j.kind === 'reminder')
        .map((j) => j.dueAt.toISOString()),
    ).toEqual(['2026-11-29T12:00:00.000Z']);
    expectNoRoleLeaks(v.store, v.roleOf);
  });

  it('replaces a player: RESIGN opens the seat without telling the role, TAKEOVER gives a newcomer the seat, its role and all it was told', async () => {
    const v = await village();
    const [w1, seer, doctor] = [v.who('Werewolf', 0), v.who('Seer'), v.who('Doctor')];
    const KIM = 'kim@players.example';
    const villager = v.who('Villager');
    await v.as(seer, `INVESTIGATE ${w1}`);
    // Posts the seat could read (to everyone, its own) and one it could not (the pack's).
    await v.master('PRESS\nWelcome to the village.\nENDPRESS');
    await v.as(w1, 'PRESS TO Wolfpack\nThe seer worries me.\nENDPRESS');
    await v.as(seer, 'PRESS\nI sleep lightly.\nENDPRESS');
    for (const wolf of [w1, v.who('Werewolf', 1)]) await v.as(wolf, `VOTE ${villager}`);
    await v.at('2026-11-29T12:00:00Z');
    // A dead player may leave too; their seat is not offered, nor taken over.
    let mark = v.store.outbox().length;
    expect(await v.ask(address(villager), `RESIGN ${villager}@village pw-${villager}`)).toContain('You have resigned');
    expect(told(v.store, MASTER, mark)).toContain(`${villager}'s player has resigned from 'village'.`);
    expect(told(v.store, MASTER, mark)).not.toContain('TAKEOVER');
    expect(await v.ask('late@players.example', `TAKEOVER ${villager}@village latepw`)).toContain(
      `${villager} is dead: a dead player's seat is not taken over.`,
    );
    mark = v.store.outbox().length;
    const resigned = await v.ask(address(seer), `RESIGN ${seer}@village pw-${seer}`);
    expect(resigned).toContain(`You have resigned from 'village'. Your seat (${seer}) is open for a replacement`);
    const open = `${seer}'s player has resigned from 'village'. The seat is open: a replacement takes it by writing TAKEOVER ${seer}@village password`;
    for (const to of [MASTER, WATCHER, ...NICKS.filter((n) => n !== seer && n !== villager).map(address)]) {
      expect(told(v.store, to, mark)).toContain(open);
      expect(told(v.store, to, mark)).not.toContain('Seer');
    }
    expect(told(v.store, address(seer), mark)).toBe('');
    // LIST offers the living player's open seat by its nick, never the dead one's.
    const openings = await v.ask('browser@players.example', 'LIST');
    expect(openings).toMatch(new RegExp(`player's seat open for TAKEOVER .*\\n {2}village .* ${seer}$`, 'm'));
    expect(openings).not.toContain(villager);
    // The old password no longer opens the seat; a seat not open, or a newcomer already playing, is refused.
    expect(await v.as(seer, 'STATUS')).toContain(`Nobody plays in 'village' as "${seer}".`);
    expect(await v.ask(KIM, `TAKEOVER ${doctor}@village kimpass`)).toContain(`${doctor}'s seat is not open`);
    expect(await v.ask(address(doctor), `TAKEOVER ${seer}@village docpass`)).toContain('already');
    // The newcomer takes the seat and votes in the same mail.
    mark = v.store.outbox().length;
    const took = await v.ask(KIM, `TAKEOVER ${seer}@village kimpass\nVOTE ${w1}`);
    expect(took).toContain(`You have taken over ${seer}'s seat in 'village': you play on as ${seer}`);
    expect(took).toContain(`Your vote in the Lynch poll: ${w1}.`);
    expect(took).not.toContain('kimpass');
    expect(await v.ask('browser@players.example', 'LIST')).not.toContain('open for TAKEOVER');
    const caught = v.store
      .outbox()
      .slice(mark)
      .filter((m) => m.to.includes(KIM as never) && m.kind !== 'reply');
    expect(caught).toHaveLength(1);
    expect(caught[0]!.to).toEqual([KIM]);
    expect(caught[0]!.body).toContain('You are a Seer (');
    expect(caught[0]!.body).toContain('Your role, as the role set writes it:');
    expect(caught[0]!.body).toContain(`Your investigation of ${w1}: their role is Werewolf.`);
    expect(caught[0]!.body).toContain('VOTE name: your vote in the Lynch poll');
    // What the seat could read before, as a forum's replacement reads the thread; never the pack's channel.
    expect(caught[0]!.body).toContain('What was posted before you took the seat, that this seat could read (2 posts, oldest first):');
    expect(caught[0]!.body).toContain('[Night1] The Master to everyone:\n  Welcome to the village.');
    expect(caught[0]!.body).toContain(`[Night1] ${seer} to everyone:\n  I sleep lightly.`);
    expect(caught[0]!.body).not.toContain('The seer worries me.');
    // Everyone else hears the seat is taken, never the role nor the newcomer's address.
    for (const to of [MASTER, WATCHER, ...NICKS.filter((n) => n !== seer && n !== villager).map(address)]) {
      const news = told(v.store, to, mark);
      expect(news).toContain(`A replacement has taken ${seer}'s seat and plays on as ${seer}.`);
      expect(news).not.toMatch(/Seer|kim@/);
    }
    expect(told(v.store, address(seer), mark)).toBe('');
    // The newcomer signs on with their own password and plays on; the vote stands.
    expect(await v.ask(KIM, `SIGNON ${seer}@village kimpass\nSTATUS`)).toContain(`You are ${seer}, the Seer.`);
    expect((await v.table()).game!.polls[0]!.votes[seer]).toBe(w1);
    // The seat's holders, as for a Diplomacy power: the leaver first, the newcomer now.
    const seatId = (await v.table()).joined.find((j) => j.nick === seer)!.seat;
    const holders = await v.store.transaction((tx) => tx.holders(seatId));
    expect([holders[0]!.address, holders.at(-1)!.address, holders.at(-1)!.endReason]).toEqual([address(seer), KIM, null]);
    expectNoRoleLeaks(v.store, v.roleOf);
  });

  it("the Master replaces a player (REPLACE nick address, or the tracker's HAS REPLACED): the newcomer gets the seat, its role and a password; the player replaced is told", async () => {
    const v = await village();
    const [seer, doctor, w1] = [v.who('Seer'), v.who('Doctor'), v.who('Werewolf', 0)];
    const KIM = 'kim@players.example';
    await v.as(seer, `INVESTIGATE ${w1}`);
    await v.as(v.who('Werewolf', 1), 'PRESS TO Wolfpack\nThe seer worries me.\nENDPRESS');
    expect(await v.as(doctor, `REPLACE ${seer} ${KIM}`)).toContain("Only the game's Master may write REPLACE.");
    expect(await v.master(`REPLACE ${seer} not-an-address`)).toContain('"not-an-address" is not a mail address');
    expect(await v.master(`REPLACE nobody ${KIM}`)).toContain(`Nobody plays in 'village' as "nobody".`);
    expect(await v.master(`REPLACE ${seer} ${address(doctor)}`)).toContain(`${address(doctor)} plays in 'village' already.`);
    const mark = v.store.outbox().length;
    expect(await v.master(`REPLACE ${seer} ${KIM}`)).toContain(`${seer}'s seat is handed to ${KIM}`);
    // The player replaced is told, without a password; everyone else hears of a replacement, not who.
    expect(told(v.store, address(seer), mark)).toContain(`The Master of 'village' has handed your seat (${seer}) to a replacement`);
    for (const to of [WATCHER, address(doctor)]) {
      expect(told(v.store, to, mark)).toContain(`A replacement has taken ${seer}'s seat`);
      expect(told(v.store, to, mark)).not.toContain(KIM);
    }
    // The newcomer alone is mailed the seat, its role, the seer's answer so far and a password that signs on.
    const handed = told(v.store, KIM, mark);
    expect(handed).toContain(`The Master of 'village' has given you ${seer}'s seat`);
    expect(handed).toContain('Seer');
    const password = /with the password (\S+)/.exec(handed)![1]!;
    expect(await v.ask(KIM, `SIGNON ${seer}@village ${password}\nSTATUS`)).toContain('Night 1');
    // The newcomer sets a password of their own; it is never quoted back.
    const changed = await v.ask(KIM, `SIGNON ${seer}@village ${password}\nSET PASSWORD kimsown`);
    expect(changed).not.toContain('kimsown');
    expect(await v.ask(KIM, `SIGNON ${seer}@village kimsown\nSET PASSWORD`)).toContain('SET PASSWORD takes the new password');
    expect(await v.ask(KIM, `SIGNON ${seer}@village ${password}\nSTATUS`)).toContain('Invalid game, power or password.');
    expect(await v.as(seer, 'STATUS')).toContain('Invalid game, power or password.');
    // The tracker's own form hands a seat the same way.
    expect(await v.master(`lee@players.example HAS REPLACED ${doctor}`)).toContain(`${doctor}'s seat is handed to lee@players.example`);
    // A wolf's replacement reads the pack's channel from before they came.
    const packMark = v.store.outbox().length;
    expect(await v.master(`REPLACE ${w1} pat@players.example`)).toContain(`${w1}'s seat is handed to pat@players.example`);
    const wolfCatchUp = told(v.store, 'pat@players.example', packMark);
    expect(wolfCatchUp).toContain(`[Night1] ${v.who('Werewolf', 1)} to the Wolfpack:\n  The seer worries me.`);
    expect(handed).toContain('Nothing was posted that this seat could read before you took it.');
  });

  it('before the start RESIGN frees the nick for another player; TAKEOVER needs a running game', async () => {
    const { ask } = freshJudge();
    await ask(MASTER, 'CREATE hamlet gmpass werewolf');
    expect(await ask(address('ann'), 'JOIN hamlet pw-ann\nNAME ann')).toContain('(1 of 9)');
    expect(await ask(address('ann'), 'RESIGN ann@hamlet pw-ann')).toContain("You have left 'hamlet' before its start; ann is free for another player.");
    expect(await ask('kim@players.example', 'TAKEOVER ann@hamlet kimpass')).toContain('Nobody plays in \'hamlet\' as "ann".');
    expect(await ask('kim@players.example', 'JOIN hamlet kimpass\nNAME ann')).toContain("You have joined 'hamlet' as ann (1 of 9).");
    expect(await ask(address('bob'), 'JOIN hamlet pw-bob\nNAME bob')).toContain('(2 of 9)');
    expect(await ask(MASTER, 'SIGNON master@hamlet gmpass\nSET DEADLINE tomorrow 18:00')).toContain('The game is not running');
  });

  it('refuses an unknown role set at CREATE naming the sets there are, and HELP ROLES lists the sets and their roles', async () => {
    const { store, judge } = freshJudge();
    const reply = async (from: string, text: string) => {
      await judge.receive(inboundMail(from, text));
      return store.outbox().at(-1)!.body;
    };
    const refused = await reply(MASTER, 'CREATE hamlet gmpass werewolf ROLESET nosuch');
    expect(refused).toContain('there is no role set "nosuch"; known: classic');
    expect(refused).not.toContain('gmpass');
    expect(await store.transaction((tx) => tx.findGame(gameName('hamlet')))).toBeNull();
    expect(await reply(MASTER, 'CREATE hamlet gmpass werewolf\nSET PLAYERS 8')).toContain(
      '"8" is no number of players the role set deals for; it deals for 5, 7 or 9.',
    );
    // A game of five: JOIN needs a NAME, one word and not "master"; before the start, nothing but the table's lines are commands.
    expect(await reply(MASTER, 'CREATE hamlet gmpass werewolf\nSET PLAYERS 5\nSET DAY 36H')).toContain('A day lasts 1 day 12 hours.');
    expect(await reply(address('ann'), 'JOIN hamlet pw-ann')).toContain(
      'Say the name you play under: JOIN hamlet password, and NAME yourname on the next line.',
    );
    expect(await reply(address('ann'), 'JOIN hamlet pw-ann\nNAME master')).toContain('"master" cannot be a name');
    expect(await reply(address('ann'), 'JOIN hamlet pw-ann\nNAME ann\nVOTE bob')).toContain('The game is not running: nothing can be done or voted now.');
    expect(await reply(address('ann'), 'SIGNON ann@hamlet pw-ann\nhello')).toContain('"hello" is not a command of a werewolf game');
    expect(await reply(address('bob'), 'JOIN hamlet pw-bob\nNAME Ann')).toContain('The name Ann is taken in this game; choose another.');
    expect(await reply(MASTER, 'SIGNON master@hamlet gmpass\nSTART')).toContain('The role set has no role list for 1 player (it has lists for 5, 7 or 9).');
    const help = await reply('someone@players.example', 'HELP ROLES');
    expect(help).toContain('classic (first phase Night 1):');
    expect(help).toContain('  Werewolf: Werewolf');
    expect(help).toContain('  Tanner: Tanner (unique)');
    expect(help).toContain('9 players: Werewolf x2, Seer, Doctor, Hunter, Witch, Mayor, Tanner, Villager');
    const v = await village();
    const sets = await v.web('/rolesets');
    expect(sets).toContain('<section id="classic"><h2>classic</h2><p>First phase: Night 1.</p>');
    expect(sets).toContain('<tr><td>Tanner</td><td>Tanner (unique)</td></tr>');
    expect(await v.web('/')).toContain('Werewolf (classic)');
  });
});
