import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { mailOptions, type OutboxMail } from '../../src/mail/outgoing-message.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { lastReplyTo, SPRING_1901_ORDERS, startGame, type StartedGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// SUMMARY and HISTORY (issue 13) on one game shared by every test: a broadcast and a private press,
// a deadline change, Spring 1901 played, Austria resigned and taken over, then the game ended.

const GM = 'gm@players.example';
const OUTSIDER = 'outsider@else.example';
const NEWCOMER = 'p8@players.example';

describeWithDatabase(
  'SUMMARY and HISTORY',
  (getStore) => {
    let played: StartedGame;
    const now = new Date('2004-01-05T16:00:00Z');
    const db = () => getStore().db;
    const send = async (from: string, body: string) => {
      await played.judge.receive(eml({ from, messageId: `<r-${Math.random().toString(36).slice(2)}@players.example>` }, body));
      return lastReplyTo(db(), from);
    };
    const ask = (body: string) => send(OUTSIDER, body);

    beforeAll(async () => {
      played = await startGame(db(), 'ZONE Europe/Berlin', () => now);
      await played.as('FRANCE', 'BROADCAST\nHello all, from Paris.\nENDBROADCAST');
      await played.as('ENGLAND', 'PRESS TO F\nA secret for France.\nENDPRESS');
      await send(GM, 'SIGNON Mdemo gmpass\nSET DEADLINE Fri 9 Jan 2004 20:00');
      for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await played.as(power, orders.join('\n'));
      const austria = played.holder.get('AUSTRIA')!;
      await send(austria.address, `RESIGN Ademo ${austria.password}`);
      await send(NEWCOMER, 'TAKEOVER austria@demo pw8');
    });

    it('SUMMARY in play: stints numbered, nobody named, the centres from the start', async () => {
      const summary = await ask('SUMMARY demo');
      expect(summary).toMatch(/^Summary of game 'demo': Standard, active, F1901M\.$/m);
      expect(summary).toMatch(/^ {2}Austria {2}player 1 +S1901M - S1901M$/m);
      expect(summary).toMatch(/^ {11}player 2 +F1901M -$/m);
      expect(summary).toMatch(/^ {2}England {2}player 3 +S1901M -$/m);
      expect(summary).not.toMatch(/@/);
      expect(summary).toMatch(/^Par +F$/m);
      expect(summary).toMatch(/^Start +3 +3 +3 +3 +3 +4 +3 +10\.0$/m);
      expect(summary).toMatch(/^The game goes on\.$/m);
      for (const line of summary.split('\n')) expect(line.length).toBeLessThanOrEqual(76);
    });

    it('HISTORY: results, notices everyone got and broadcasts, never press to some', async () => {
      const history = await ask('HISTORY demo');
      expect(history).toMatch(/^Subject: DIP:demo - S1901M Broadcast from F\n\nBroadcast message from France in 'demo':\n\nHello all, from Paris\.$/m);
      expect(history).toMatch(/^Subject: DIP:demo - S1901M Deadline Adjustment to: \w{3} \w{3} \d+ \d{4} \d\d:\d\d:\d\d [+-]\d{4}$/m);
      expect(history).toMatch(/^Subject: DIP:demo - S1901M Results$/m);
      expect(history).toMatch(/^Subject: DIP:demo - F1901M Resignation: Austria$/m);
      expect(history).toMatch(/^Subject: DIP:demo - F1901M New Player Signon: A$/m);
      expect(history).not.toMatch(/secret/);
      expect(history).not.toMatch(/@players/);
      expect(history.indexOf('Broadcast from F')).toBeLessThan(history.indexOf('S1901M Results'));
      expect(history.indexOf('S1901M Results')).toBeLessThan(history.indexOf('New Player Signon: A'));
    });

    it("HISTORY's copy of a results mail and the broadcast it holds go out as they were, through the sender", async () => {
      await ask('HISTORY demo');
      const row = await db()
        .selectFrom('outbox')
        .selectAll()
        .where('kind', '=', 'reply')
        .where(sql<boolean>`${OUTSIDER} = ANY(to_addresses)`)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const sent = String(mailOptions(row as unknown as OutboxMail, { name: 'dipjudge', address: 'judge@judge.example' }).text);
      const results = (await db().selectFrom('outbox').select('body').where('kind', '=', 'results').orderBy('id').executeTakeFirstOrThrow()).body;
      const block = results.slice(results.indexOf('Movement results for')).replace(/\n+$/, '');
      expect(block.split('\n').length).toBeGreaterThan(10);
      expect(sent).toContain(block);
      expect(sent).toContain("Broadcast message from France in 'demo':\n\nHello all, from Paris.");
      expect(sent).not.toMatch(/[\u000e\u000f]/);
    });

    it('HISTORY EXCLSTART/EXCLEND choose phases, BROAD adds broadcasts, LINES caps the reply', async () => {
      const spring = await ask('HISTORY demo EXCLSTART S1901M EXCLEND S1901M');
      expect(spring).toMatch(/S1901M Results/);
      expect(spring).not.toMatch(/Broadcast|New Player Signon/);
      expect(await ask('HISTORY demo EXCLSTART S1901M BROAD')).toMatch(/Broadcast from F[\s\S]*New Player Signon: A/);
      expect(await ask('HISTORY demo EXCLSTART F1901M')).not.toMatch(/S1901M Results/);
      const capped = await ask('HISTORY demo LINES 8');
      // The `::` lines, a blank line, the span and a blank line come before the eight lines of entries.
      expect(capped.split('\n').length).toBeLessThanOrEqual(6 + 9);
      expect(capped).toMatch(
        /\(HISTORY stops here after \d lines: the next entry would pass the limit of 8 lines you set\. \d+ more entries; send HISTORY demo FROM .* for them\.\)/,
      );
      expect(await ask('HISTORY demo EXCLSTART X1901M')).toMatch(/Game 'demo' has no phase X1901M; its phases: S1901M, F1901M/);
      expect(await ask('HISTORY demo LINES many')).toMatch(/LINES takes a number of lines from 1 to 5000, not "many"/);
      expect(await ask('HISTORY demo FROM 2 Jan 2004 EXCLSTART S1901M')).toMatch(/either FROM\/TO dates or EXCLSTART\/EXCLEND phases/);
      expect(await ask('HISTORY demo FROM 2099-01-01')).toMatch(/Game 'demo' has no history in that range/);
    });

    it('the Master hands a power to a new address in one line, with the checks of TAKEOVER', async () => {
      const england = played.holder.get('ENGLAND')!;
      const reply = await send(GM, 'SIGNON Mdemo gmpass\np9@players.example HAS REPLACED England.');
      expect(reply).toMatch(/p9@players\.example now plays England in game 'demo'; they have been sent a password\./);
      const mails = await db()
        .selectFrom('outbox')
        .select(['to_addresses', 'body'])
        .where('kind', '=', 'notice')
        .where('subject', 'like', '%New Player Signon: E')
        .orderBy('id')
        .execute();
      const toNewcomer = mails.find((m) => m.to_addresses.includes('p9@players.example'))!;
      const password = /SIGNON Edemo (\S+)/.exec(toNewcomer.body)![1]!;
      expect(mails.find((m) => m.to_addresses.includes(england.address))!.body).toBe("The Master of game 'demo' has handed England to a new player.\n");
      expect(mails.filter((m) => m.body.includes('@'))).toHaveLength(0);
      expect(await send('p9@players.example', `SIGNON Edemo ${password}\nF Nth H`)).not.toMatch(/error/i);
      expect(await send(england.address, `SIGNON Edemo ${england.password}\nF Nth H`)).toMatch(/password|not/i);
      expect(await send(GM, 'SIGNON Mdemo gmpass\nbob@home IS REPLACING France')).toMatch(/Write the new player's address before HAS REPLACED/);
      expect(await send(GM, 'SIGNON Mdemo gmpass\np10@players.example IS REPLACING Narnia')).toMatch(
        /"Narnia" is neither a power of game 'demo' nor the address of one of its players/,
      );
      expect(await send(GM, `SIGNON Mdemo gmpass\n${NEWCOMER} HAS REPLACED France`)).toMatch(/p8@players\.example already plays in game 'demo'/);
      expect(await send(england.address, 'SUMMARY demo')).toMatch(/England {2}player 3 +S1901M - S1901M\n {11}player 4 +F1901M -/);
    });

    it('SUMMARY after the end names the players and the result', async () => {
      await send(GM, 'SIGNON Mdemo gmpass\nGAME HAS ENDED');
      const summary = await ask('SUMMARY demo');
      expect(summary).toContain(`  Austria  ${played.holder.get('AUSTRIA')!.address.padEnd(28)} S1901M - S1901M\n`);
      expect(summary).toMatch(/^ {11}p8@players\.example +F1901M -$/m);
      expect(summary).toMatch(/^Result: The Master has ended the game\.$/m);
      expect(await ask('HISTORY demo EXCLSTART F1901M')).toMatch(/Game over/);
      const archived = await db().selectFrom('game_notices').select('subject').where(sql<boolean>`true`).execute();
      // Notices to the Master alone or to one player are not the game's.
      expect(archived.map((n) => n.subject)).not.toContain('Game full');
    });
  },
  { resetBetweenTests: false },
);
