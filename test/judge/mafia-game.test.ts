import { describe, expect, it } from 'vitest';
import { publicPage } from '../support/public-page.ts';
import { Judge } from '../../src/judge/judge.ts';
import { onScheduledGameEvent } from '../../src/judge/kinds/events.ts';
import { mafiaStateOf } from '../../src/judge/mafia/mafia-state.ts';
import type { GameKindId } from '../../src/judge/model.ts';
import { HARNESS_JUDGE, inboundMail } from '../support/judge-harness.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { gameName } from '../support/names.ts';

// Issue 32's game by mail: ten players, three days and nights of the Mafia kind on the in-memory
// store (the judge's whole mail path, no database): the GM's lines, votes, a majority ending a day,
// a replacement, a resurrection, a day across the change to summer time in Berlin, and the end.

const NICKS = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin', 'Frank', 'Grace', 'Heidi', 'Ivan', 'Judy'];
const GM = 'gm@players.example';
const address = (i: number) => `p${i}@players.example`;

function table() {
  const store = new InMemoryJudgeStore();
  let now = new Date('2026-03-26T12:00:00Z');
  const judge = new Judge(
    store,
    HARNESS_JUDGE,
    () => 0.3,
    () => now,
  );
  const sent = (from: string, text: string) => judge.receive(inboundMail(from, text));
  /** The judge's reply to the mail `from` sends. */
  const ask = async (from: string, text: string): Promise<string> => {
    const before = store.outbox().length;
    await sent(from, text);
    return (
      store
        .outbox()
        .slice(before)
        .find((m) => m.kind === 'reply' && m.to.includes(from as never))?.body ?? ''
    );
  };
  const player = (i: number, lines: string) => ask(address(i), `SIGNON ${NICKS[i - 1]}@town pw${i}x\n${lines}`);
  const gm = (lines: string) => ask(GM, `SIGNON master@town gmpass\n${lines}`);
  const state = () => store.transaction(async (tx) => mafiaStateOf((await tx.findGame(gameName('town')))!));
  const game = () => store.transaction(async (tx) => (await tx.findGame(gameName('town')))!);
  /** Mails the judge wrote since `mark` (an outbox length). */
  const since = (mark: number) => store.outbox().slice(mark);
  /** The clock moves on and the scheduler runs every job due. */
  const at = async (iso: string) => {
    now = new Date(iso);
    for (const job of [...store.jobs()].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())) {
      if (job.dueAt.getTime() > now.getTime()) continue;
      await store.transaction((tx) => onScheduledGameEvent(tx, HARNESS_JUDGE, { kind: job.kind, gameId: job.gameId, phase: null }, now));
    }
  };
  /** The game's page on the read-only web site, as anyone sees it. */
  const page = () => publicPage(store, '/games/town', () => now);
  return { store, ask, player, gm, state, game, since, at, sent, page };
}

describe('a Mafia game by mail', () => {
  it('plays ten players through three days and nights', async () => {
    const t = table();
    // CREATE: the GM's zone, the first end of day, the lengths, the roles to deal.
    const created = await t.ask(
      GM,
      [
        'CREATE town gmpass mafia',
        'SET ZONE Europe/Berlin',
        'SET FIRST END OF DAY 2026-03-27 20:00',
        'SET DAY 1D',
        'SET NIGHT 1D',
        'SET REMINDER 6H',
        'SET ROLES 2 Goon, Cop, Doctor, 6 Villager',
      ].join('\n'),
    );
    expect(created).toContain("Mafia game 'town' has been created; you are its GM.");
    expect(created).toContain('The schedule follows the clock of Europe/Berlin.');
    expect((await t.game()).kind satisfies GameKindId | undefined).toBe('mafia');

    // Ten players join, each choosing a name; a name taken is refused and changes nothing.
    for (let i = 1; i <= 10; i++) {
      const reply = await t.ask(address(i), `JOIN town pw${i}x\nNAME ${NICKS[i - 1]}`);
      expect(reply).toContain(`You have joined 'town' as ${NICKS[i - 1]}.`);
    }
    expect(await t.ask('late@players.example', 'JOIN town latepw\nNAME alice')).toContain('The name alice is taken in this game');
    // The refused JOIN left nothing behind: the name was the block's, so the whole block is undone.
    expect((await t.state()).joined.map((j) => j.nick)).toEqual(NICKS);

    // START: everyone hears of Day 1 and its deadline; each player alone gets a role.
    let mark = t.store.outbox().length;
    expect(await t.gm('START')).toBe('> SIGNON master@town ****\n');
    const started = t.since(mark);
    const announcement = started.find((m) => m.kind === 'notice' && m.body.includes('has started with'))!;
    expect(announcement.body).toContain('Day 1 has begun; it ends Fri Mar 27 2026 20:00:00 +0100 (Europe/Berlin).');
    expect(announcement.to).toContain(GM);
    const roleMails = started.filter((m) => m.subject.includes('Your role'));
    expect(roleMails).toHaveLength(10);
    expect(roleMails.every((m) => m.to.length === 1)).toBe(true);
    const state0 = await t.state();
    expect(state0.players.map((p) => p.role).sort()).toEqual([
      'Cop',
      'Doctor',
      'Goon',
      'Goon',
      'Villager',
      'Villager',
      'Villager',
      'Villager',
      'Villager',
      'Villager',
    ]);
    // Nothing the players get names an address, and nobody's role reaches anyone else.
    expect(roleMails.filter((m) => m.body.includes('Goon'))).toHaveLength(2);
    for (const mail of started.filter((m) => m.kind !== 'reply')) for (let i = 1; i <= 10; i++) expect(mail.body).not.toContain(address(i));
    expect(announcement.body).not.toContain('Goon');

    // Day 1: votes by command and inside a post; bad votes are refused and change nothing.
    expect(await t.player(2, 'VOTE Alice')).toContain('Your vote: Alice.');
    expect(await t.player(3, 'PRESS TO ALL\nAlice is scummy.\nVOTE: Alice\nENDPRESS')).toContain('and its vote counted');
    expect(await t.player(4, 'VOTE Alcie')).toContain('Nobody plays in this game as "Alcie". Did you mean Alice?');
    expect(await t.player(5, 'VOTE NO LYNCH')).toContain('Your vote: No lynch.');
    expect(await t.player(5, 'UNVOTE')).toContain('Your vote is withdrawn.');
    expect(await t.player(6, 'Alice has died.')).toContain('Only the game\'s GMs may write "Alice has died."');
    expect(await t.player(6, 'Hello everyone')).toContain('"Hello everyone" is not a command of a Mafia game');
    const count = await t.player(7, 'VOTECOUNT');
    expect(count).toContain('Alice (2): Bob, Carol');
    expect(count).toContain('With 10 alive, it takes 6 to lynch.');
    // The sixth vote is a majority: the day ends at once with the final count.
    for (const i of [4, 5, 6]) await t.player(i, 'VOTE alice');
    mark = t.store.outbox().length;
    await t.player(7, 'VOTE Alice');
    const hammer = t.since(mark).find((m) => m.body.includes('Day 1 has ended'))!;
    expect(hammer.body).toContain("Day 1 has ended in 'town': a majority was reached.");
    expect(hammer.body).toContain('Alice (6): Bob, Carol, Dave, Erin, Frank, Grace');
    expect(hammer.body).toContain('Alice is to be lynched with 6 votes');
    expect((await t.state()).phaseIndex).toBe(1);
    // The GM flips the lynch in a post to everyone: Alice is dead with the GM's comment.
    const flip = await t.gm('PRESS TO ALL\nAlice has been lynched. She was a Mafia Goon.\nENDPRESS');
    expect(flip).toContain('Alice is dead (Day 1): a Mafia Goon.');

    // Night 1: no votes at night; the GM's group for the mafia; a player's GM line is refused.
    expect(await t.player(2, 'VOTE Carol')).toContain('It is Night 1: votes are cast by day only.');
    expect(await t.player(3, '##RESURRECT Alice')).toContain('Only the game\'s GMs may write "##RESURRECT Alice".');
    expect(await t.player(1, 'PRESS TO ALL\nboo\nENDPRESS')).toContain('The dead cannot post to the living.');
    // The night ends at its deadline (Sat 20:00 in Berlin); the scheduler starts Day 2.
    mark = t.store.outbox().length;
    await t.at('2026-03-28T19:00:00Z');
    const day2 = t.since(mark).find((m) => m.body.includes('Day 2 has begun'))!;
    // Summer time begins on Sunday 29 March: Day 2 still ends at 20:00 Berlin, now +0200.
    expect(day2.body).toContain('it ends Sun Mar 29 2026 20:00:00 +0200 (Europe/Berlin)');
    expect((await t.state()).schedule!.deadline).toBe('2026-03-29T18:00:00.000Z');
    expect(await t.gm('Bob was found dead this morning. He was the Town Cop.')).toContain('Bob is dead (Day 2): the Town Cop.');

    // A replacement: Kim joins as a standby, the GM puts her in Carol's seat with its votes.
    expect(await t.ask('kim@players.example', 'JOIN town kimpw\nNAME Kim')).toContain('standby');
    await t.player(3, 'VOTE Dave');
    expect(await t.gm('Kim has replaced Carol')).toContain('Kim has replaced Carol.');
    expect(await t.ask('kim@players.example', 'SIGNON Kim@town kimpw\nVOTECOUNT')).toContain('Dave (1): Kim');
    expect(await t.player(3, 'VOTE Erin')).toMatch(/Nobody in 'town' signs on as "Carol"|bad|password/i);
    // The dead do not vote, nobody votes for the dead; a resurrection brings Bob back.
    expect(await t.player(2, 'VOTE Dave')).toContain('Bob is dead, and the dead do not vote.');
    expect(await t.player(4, 'VOTE Bob')).toContain('Bob is dead; vote for a living player.');
    expect(await t.gm('##RESURRECT Bob')).toContain('Bob is alive again.');
    expect(await t.player(2, 'VOTE Dave')).toContain('Your vote: Dave.');
    expect(await t.gm('Bob has died.\nBob has died.')).toContain('Bob is dead already; nothing was changed.');
    expect(await t.gm('##RESURRECT Bob')).toContain('Bob is alive again.');
    // His death made his vote lapse: he votes again.
    expect(await t.player(2, 'VOTE Dave')).toContain('Dave (2): Kim, Bob');
    // The GM moves the deadline a day later; every later deadline moves with it.
    expect(await t.gm('The deadline is moved 1 day later.')).toContain('it is now Mon Mar 30 2026 20:00:00 +0200 (Europe/Berlin)');
    // The reminder goes to the living who have not voted, six hours before the end of the day.
    mark = t.store.outbox().length;
    await t.at('2026-03-30T12:00:00Z');
    const reminder = t.since(mark).find((m) => m.body.includes('You have not voted'))!;
    expect(reminder.to).not.toContain(address(2));
    expect(reminder.to).toContain(address(8));
    // The deadline passes: plurality of none under majority, the final count announced; Night 2 begins.
    mark = t.store.outbox().length;
    await t.at('2026-03-30T18:00:00Z');
    const end2 = t.since(mark).find((m) => m.body.includes('Day 2 has ended'))!;
    expect(end2.body).toContain('Dave (2): Kim, Bob');
    expect(end2.body).toContain('Nobody reached the votes needed');
    expect((await t.state()).phaseIndex).toBe(3);

    // Night 2 ends early by the GM; Day 3 keeps its scheduled deadline.
    expect(await t.gm('NIGHT 2 HAS ENDED EARLY')).toContain('Night 2 has ended; Day 3 has begun.');
    expect((await t.state()).schedule!.deadline).toBe('2026-04-01T18:00:00.000Z');
    expect(await t.gm('Dave is dead. He was a Villager.')).toContain('Dave is dead (Day 3): a Villager.');

    // STATUS: the phase, the next three deadlines, the living and the dead with their flips, the replacement.
    const status = await t.player(5, 'STATUS');
    expect(status).toContain('Day 3, ending Wed Apr 01 2026 20:00:00 +0200 (Europe/Berlin).');
    expect(status).toContain('Night 3: Thu Apr 02 2026 20:00:00 +0200 (Europe/Berlin)');
    expect(status).toMatch(/Dead \(2\):\n {2}Alice, Day 1: a Mafia Goon\.\n {2}Dave, Day 3: a Villager\./);
    expect(status).toContain('Kim replaced Carol (Day 2)');
    expect(status).not.toMatch(/Goon.*Bob|Roles/);

    // The end: only UNEND counts afterwards.
    expect(await t.gm('PRESS TO ALL\nThe game is over! Town wins.\nENDPRESS')).toContain('has been sent to everyone');
    expect((await t.game()).status).toBe('completed');
    expect(await t.player(5, 'VOTE Erin')).toContain('The game is over');
    // The players' mail never names another player's address.
    for (const mail of t.store.outbox().filter((m) => m.kind !== 'reply'))
      for (const other of [GM, ...NICKS.map((_, i) => address(i + 1))]) if (!mail.to.includes(other as never)) expect(mail.body).not.toContain(other);
  });

  it('answers LIST game to anyone without the roles, takes a co-GM by PROMOTE, and refuses bad lines clearly', async () => {
    const t = table();
    await t.ask(GM, 'CREATE town gmpass mafia\nSET ROLES Goon, Cop, Villager');
    expect(await t.ask(GM, 'CREATE town gmpass mafia')).toContain("A game named 'town' already exists");
    expect(await t.ask(GM, 'CREATE other gmpass mafia\nSET HAMMER maybe')).toContain('SET HAMMER takes ON or OFF, not "maybe".');
    for (let i = 1; i <= 3; i++) await t.ask(address(i), `JOIN town pw${i}x\nNAME ${NICKS[i - 1]}`);
    expect(await t.ask('stranger@players.example', 'LIST town')).toContain('Forming: 3 joined (Alice, Bob, Carol).');
    // An observer becomes a co-GM; they sign on as the Master with their own password.
    await t.ask('cogm@players.example', 'OBSERVE town cogmpass');
    expect(await t.gm('PROMOTE cogm@players.example')).toContain("A co-GM has been added to 'town'.");
    expect(await t.ask('cogm@players.example', 'SIGNON master@town cogmpass\nSTART')).not.toContain('Line');
    expect((await t.game()).status).toBe('active');
    const list = await t.ask('stranger@players.example', 'LIST town');
    expect(list).toMatch(/Day 1, ending .*\nNext deadlines:\n {2}Night 1: /);
    expect(list).toContain('Alive (3): Alice, Bob, Carol');
    expect(list).not.toMatch(/Goon|Cop|Villager|@players/);
    // Diplomacy's information commands say what the game is instead of reading phases it has none of.
    for (const command of ['HISTORY town', 'SUMMARY town', 'MAP town'])
      expect(await t.ask('stranger@players.example', command)).toContain(
        `${command.split(' ')[0]} is for Diplomacy games; 'town' is a Mafia game: LIST town shows where it stands`,
      );
    // A player reads their own role in STATUS, and nobody else's.
    const own = await t.player(1, 'STATUS');
    expect(own).toMatch(/Your role: (Goon|Cop|Villager)/);
    expect(own).not.toContain('Roles (the GMs see them)');
    expect(await t.gm('STATUS')).toContain('Roles (the GMs see them):');
    // Bad input: a vote for nobody, a death naming nobody, a wrong password; nothing changes.
    const before = await t.state();
    expect(await t.player(1, 'VOTE')).toContain('is not a command');
    expect(await t.gm('Zed has died.')).toContain('This line names no player of the game before DIED, DEAD or BEEN LYNCHED, so nobody died');
    expect(await t.gm('Deadline moved 5 days earlier')).toContain('would put it in the past; nothing was changed.');
    expect(await t.ask(address(1), 'SIGNON Alice@town wrongpw\nVOTE Bob')).toMatch(/password/i);
    // A password written on a line the game does not take is never quoted back.
    for (const line of ['SET PASSWORD newsecret1', 'PASSWORD newsecret1', 'JOIN town newsecret1', 'SIGNON Alice@town newsecret1']) {
      const answer = await t.player(1, line);
      expect(answer).not.toContain('newsecret1');
    }
    expect(await t.state()).toEqual(before);
  });

  it('takes SET PASSWORD from a player and a GM, never quoting the password back', async () => {
    const t = table();
    await t.ask(GM, 'CREATE town gmpass mafia');
    for (let i = 1; i <= 3; i++) await t.ask(address(i), `JOIN town pw${i}x\nNAME ${NICKS[i - 1]}`);
    const mark = t.store.outbox().length;
    const changed = await t.player(1, 'SET PASSWORD fresh1secret');
    expect(changed).toContain('Your password has been changed.');
    expect(await t.gm('SET PASSWORD newgm2pass')).toContain('Your password has been changed.');
    for (const mail of t.since(mark)) expect(mail.body).not.toMatch(/fresh1secret|newgm2pass/);
    // The old passwords are gone, the new ones sign on.
    expect(await t.player(1, 'STATUS')).toMatch(/password/i);
    expect(await t.ask(address(1), 'SIGNON Alice@town fresh1secret\nSTATUS')).toContain('Forming');
    expect(await t.gm('START')).toMatch(/password/i);
    expect(await t.ask(GM, 'SIGNON master@town newgm2pass\nSTART')).not.toMatch(/Line|password/i);
    expect((await t.game()).status).toBe('active');
    // A bad SET PASSWORD is refused clearly and changes nothing.
    const bad = await t.ask(address(2), 'SIGNON Bob@town pw2x\nSET PASSWORD two words');
    expect(bad).toContain('SET PASSWORD takes one word, the new password');
    expect(bad).toContain('SET PASSWORD **** ****');
    expect(bad).not.toContain('two words');
    expect(await t.ask(address(2), 'SIGNON Bob@town pw2x\nSTATUS')).toContain('Day 1');
  });

  it('opens a resigned seat and fills it by TAKEOVER or the GM, with its nick, role, vote and the votes on it', async () => {
    const t = table();
    await t.ask(GM, 'CREATE town gmpass mafia\nSET ROLES Goon, Cop, Villager, Doctor');
    for (let i = 1; i <= 4; i++) await t.ask(address(i), `JOIN town pw${i}x\nNAME ${NICKS[i - 1]}`);
    await t.gm('START');
    const roleOf = async (nick: string) => (await t.state()).players.find((p) => p.nick === nick)!.role!;
    const bobRole = await roleOf('Bob');
    await t.gm('GROUP Masons: Bob, Carol');
    await t.player(3, 'PRESS TO Masons\nBob, we are masons.\nENDPRESS');
    await t.player(2, 'PRESS TO ALL\nGood morning.\nENDPRESS');
    await t.player(2, 'VOTE Alice');
    await t.player(3, 'VOTE Bob');

    // Bob resigns: he and the GMs are told, nobody reads his role, his seat keeps its vote and the vote on it.
    let mark = t.store.outbox().length;
    expect(await t.ask(address(2), 'RESIGN Bob@town pw2x')).toContain('You have resigned as Bob: the GMs are told');
    const told = t.since(mark).filter((m) => m.kind !== 'reply');
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toEqual([GM]);
    expect(told[0]!.body).toContain("Bob has resigned from 'town'. The seat is open: a newcomer may write TAKEOVER Bob@town password");
    for (const mail of t.since(mark)) expect(mail.body).not.toContain(bobRole);
    expect(await t.player(2, 'VOTE Carol')).toContain("You resigned as Bob in 'town'; that password no longer signs on.");
    const count = await t.player(1, 'VOTECOUNT');
    expect(count).toContain('Alice (1): Bob');
    expect(count).toContain('Bob (1): Carol');
    expect(await t.player(4, 'STATUS')).toContain('Open seats (their players resigned): Bob');
    const open = await t.page();
    expect(open).toContain('(open: its player left; TAKEOVER Bob@town password takes it)');
    expect(open).not.toContain(bobRole);
    expect(await t.ask('new@players.example', 'TAKEOVER Alice@town newpw1')).toContain(
      "Alice's seat is held: only a seat whose player resigned can be taken over.",
    );
    expect(await t.ask('new@players.example', 'TAKEOVER Bobb@town newpw1')).toContain('Did you mean Bob?');
    expect(await t.ask(address(3), 'TAKEOVER Bob@town newpw1')).toContain('You have joined this game already');

    // A newcomer takes Bob's seat: the nick, the role (mailed to them alone), the vote and the votes on it.
    mark = t.store.outbox().length;
    expect(await t.ask('new@players.example', 'TAKEOVER Bob@town newpw1')).toContain("You have taken over Bob's seat (Day 1)");
    const roleMail = t.since(mark).find((m) => m.subject.includes('Your role'))!;
    expect(roleMail.to).toEqual(['new@players.example']);
    expect(roleMail.body).toContain(`Your role:\n\n${bobRole}`);
    // What the seat could read before, as a forum's replacement reads the thread and the seat's groups.
    expect(roleMail.body).toContain('What was posted before you took the seat, that this seat could read (2 posts, oldest first):');
    expect(roleMail.body).toContain('[Day 1] Carol to the group Masons:\n  Bob, we are masons.');
    expect(roleMail.body).toContain('[Day 1] Bob to everyone:\n  Good morning.');
    const announced = t.since(mark).find((m) => m.body.includes("A new player has taken over Bob's seat"))!;
    expect(announced.to).toEqual(expect.arrayContaining([GM, address(1), address(3), address(4)]));
    expect(announced.to).not.toContain(address(2));
    expect(announced.body).not.toContain(bobRole);
    expect(await t.ask('new@players.example', 'SIGNON Bob@town newpw1\nVOTECOUNT')).toContain('Alice (1): Bob');
    const revote = await t.ask('new@players.example', 'SIGNON Bob@town newpw1\nVOTE Carol');
    expect(revote).toContain('Your vote: Carol.');
    expect(revote).toContain('Bob (1): Carol');
    expect(revote).not.toContain('Alice (1)');
    expect(await t.ask('new@players.example', 'SIGNON Bob@town newpw1\nSTATUS')).toContain(`Your role: ${bobRole}`);
    expect(await t.player(2, 'STATUS')).toMatch(/password/i);
    expect(await t.player(4, 'STATUS')).toContain('Bob replaced a player who left (Day 1).');
    const taken = await t.page();
    expect(taken).toContain('Bob <span class="replaced">(replaced a player who left, Day 1)</span>');
    expect(taken).not.toContain('(open:');
    expect(await t.ask('other@players.example', 'TAKEOVER Bob@town otherpw')).toContain("Bob's seat is held");

    // RESIGN as a line of a signed-on block; a standby fills the seat by the GM's line, and is mailed its role.
    const daveRole = await roleOf('Dave');
    expect(await t.player(4, 'RESIGN')).toContain('You have resigned as Dave');
    await t.ask('kim@players.example', 'JOIN town kimpw\nNAME Kim');
    mark = t.store.outbox().length;
    expect(await t.gm('Kim has replaced Dave')).toContain('Kim has replaced Dave.');
    expect(t.since(mark).find((m) => m.to.includes('kim@players.example' as never) && m.kind !== 'reply')!.body).toContain(daveRole);
    expect(await t.player(1, 'STATUS')).not.toContain('Open seats');
    // A GM does not resign.
    expect(await t.gm('RESIGN')).toContain('A GM does not resign from a Mafia game');
  });

  it('lets observers and standbys read the thread and tells them clearly they do not post', async () => {
    const t = table();
    await t.ask(GM, 'CREATE town gmpass mafia');
    for (let i = 1; i <= 3; i++) await t.ask(address(i), `JOIN town pw${i}x\nNAME ${NICKS[i - 1]}`);
    const watcher = 'watcher@players.example';
    const observing = await t.ask(watcher, 'OBSERVE town watchpw\nPRESS TO ALL\nhello\nENDPRESS');
    expect(observing).toContain("You are observing 'town'");
    expect(observing).toContain("Observers read the game's posts but do not post");
    await t.gm('START');
    let mark = t.store.outbox().length;
    await t.player(1, 'PRESS TO ALL\nGood morning, town.\nENDPRESS');
    expect(t.since(mark).find((m) => m.kind === 'press')!.to).toContain(watcher);
    // The observer signs on later with their own password; a post is refused, and nothing is sent.
    mark = t.store.outbox().length;
    const refused = await t.ask(watcher, 'SIGNON observer@town watchpw\nPRESS TO ALL\nI think Bob is scum.\nENDPRESS\nVOTE Bob\nSTATUS');
    expect(refused).toContain("Observers read the game's posts but do not post: only its players and GMs write to the thread");
    expect(refused).toContain('You do not play in this game.');
    expect(refused).toContain('Alive (3): Alice, Bob, Carol');
    expect(t.since(mark).filter((m) => m.kind !== 'reply')).toEqual([]);
    // A standby reads too, and is told they post once the GM puts them in a seat.
    await t.ask('kim@players.example', 'JOIN town kimpw\nNAME Kim');
    expect(await t.ask('kim@players.example', 'SIGNON Kim@town kimpw\nPRESS TO ALL\nhi\nENDPRESS')).toContain(
      "Standbys read the game's posts but do not post until the GM puts them in a player's seat.",
    );
    // The observer stops watching with RESIGN; their password signs on no more.
    expect(await t.ask(watcher, 'RESIGN observer@town watchpw')).toContain("You no longer observe 'town'.");
    expect(await t.ask(watcher, 'SIGNON observer@town watchpw\nSTATUS')).toContain('Nobody in \'town\' signs on as "observer"');
  });
});
