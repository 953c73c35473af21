import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { expect, it } from 'vitest';
import { mailOptions, type OutboxMail } from '../../src/mail/outgoing-message.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { lastReplyTo, TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// njudge's ways in and out of a game as its players write them (njudge.md §4): SIGN ON ?game
// password joins a forming game and later signs its player on, RESIGN / WITHDRAW after it leave;
// a repeated OBSERVE and a bare SIGNON get an answer; misspelt game and power names get a
// "did you mean"; observers get the game-start mail without anyone's address. One game, built
// step by step, serves every assertion (the suite's time budget).

describeWithDatabase(
  "njudge's sign-on forms",
  (getStore) => {
    const db = () => getStore().db;
    let judge: MailJudge;
    const send = async (from: string, body: string) => {
      await judge.receive(eml({ from }, body));
      return lastReplyTo(db(), from);
    };
    const lastSubject = async (address: string) =>
      (
        await db()
          .selectFrom('outbox')
          .select('subject')
          .where('kind', '=', 'reply')
          .where(sql<boolean>`${address} = ANY(to_addresses)`)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).subject;
    const notices = (address: string) =>
      db()
        .selectFrom('outbox')
        .select(['subject', 'body'])
        .where('kind', '=', 'notice')
        .where(sql<boolean>`${address} = ANY(to_addresses)`)
        .orderBy('id')
        .execute();

    it('joins with SIGN ON ?game, leaves with WITHDRAW, and answers a repeated OBSERVE and a bare SIGNON', async () => {
      judge = new MailJudge(createJudgeStore(db(), { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3);
      await send('gm@players.example', 'CREATE demo gmpass\nTIMING MIN 0 DELAY 0\nFORM');
      // njudge names the game (and its phase, once it has one) in the reply to CREATE, OBSERVE, JOIN and TAKEOVER.
      expect(await lastSubject('gm@players.example')).toBe('Re: DIP:demo orders');
      expect(await send('watcher@players.example', 'OBSERVE demo opw')).toContain("You are now observing game 'demo' as watcher.");
      expect(await lastSubject('watcher@players.example')).toBe('Re: DIP:demo orders');
      expect(await send('watcher@players.example', 'OBSERVE demo opw')).toContain("You are already observing game 'demo' as watcher; nothing changed.");
      expect(await send('watcher@players.example', 'OBSERVE demo wrong')).toContain('Invalid game, power or password');

      expect(await send('p1@players.example', 'SIGN ON ?demo pw1')).toContain("You have joined game 'demo'. 1 of 7 players have joined.");
      expect(await lastSubject('p1@players.example')).toBe('Re: DIP:demo orders');
      // The same line again signs the player on to their seat; WITHDRAW then leaves the forming game.
      expect(await send('p1@players.example', 'SIGN ON ?demo pw1\nWITHDRAW')).toContain("You have left game 'demo'.");
      expect(await send('p1@players.example', 'SIGN ON ?demo pw1 chaos')).toMatch(
        /Game 'demo' is played with Standard; "chaos" does not match it, so you were not signed on/,
      );
      expect(await send('p1@players.example', 'SIGNON ?demo pw1 standard')).toContain("You have joined game 'demo'. 1 of 7 players have joined.");
      expect(await send('p1@players.example', 'SIGN ON ?demo nope')).toContain('Invalid game, power or password');
      expect(await lastSubject('p1@players.example')).toBe('Re: [Error Flag] DIP:demo orders');

      expect(await send('p2@players.example', 'SIGNON')).toMatch(/Line 1: SIGNON\n {2}the game and password are missing; write SIGNON Fgame password/);
      expect(await send('p2@players.example', 'JOIN deom pw2')).toMatch(/There is no game named 'deom'; did you mean demo\?/);
      expect(await lastSubject('p2@players.example')).toBe('Re: [Error Flag] orders');
      expect(await send('p2@players.example', 'LIST dmeo')).toMatch(/There is no game named 'dmeo'; did you mean demo\?/);
      expect(await send('p2@players.example', 'LIST zzzzzz')).toMatch(/There is no game named 'zzzzzz'\./);
    });

    it('sends observers the game-start mail without addresses, lets a player resign after SIGN ON ?game, suggests power names', async () => {
      // njudge's SET PREFERENCE: two players want Turkey first; one gets it, the other its second choice.
      for (let i = 2; i <= 7; i++) {
        const reply = await send(
          `p${i}@players.example`,
          `JOIN demo pw${i}${i === 2 ? '\nSET PREFERENCE T,R' : i === 3 ? '\nSET PREFERENCE Turkey, Italy' : ''}`,
        );
        if (i === 2) expect(reply).toContain("Your power preferences in game 'demo': Turkey, Russia; any other power if none of these is free.");
        if (i === 2) expect(await lastSubject('p2@players.example')).toBe('Re: DIP:demo orders');
      }
      // The last JOIN starts the game: its reply names the first phase.
      expect(await lastSubject('p7@players.example')).toBe('Re: DIP:demo - S1901M orders');
      expect(await send('p4@players.example', 'SET PREFERENCE EF')).toMatch(/SET PREFERENCE needs a SIGNON first/);
      const powerOf = async (address: string) =>
        (await db().selectFrom('seats').select('power').where('address', '=', address).where('left_at', 'is', null).executeTakeFirstOrThrow()).power;
      expect([await powerOf('p2@players.example'), await powerOf('p3@players.example')].sort()).toEqual(
        [expect.stringMatching(/^(RUSSIA|ITALY)$/), 'TURKEY'].sort(),
      );
      expect(await send('p2@players.example', 'SIGN ON ?demo pw2\nSET ADDRESS a@players.example,b@players.example')).toContain(
        'A code was mailed to each of a@players.example and b@players.example.',
      );
      expect(await send('p2@players.example', 'SIGN ON ?demo pw2\nSET PREFERENCE E')).toMatch(/Game 'demo' has started: its powers are already given out/);
      const [start] = await notices('watcher@players.example');
      expect(start!.subject).toBe('DIP:demo - S1901M Game starting');
      expect(start!.body).toContain('Starting position for Spring of 1901.');
      expect(start!.body).toContain('Russia:  Fleet St Petersburg (south coast).');
      expect(start!.body).not.toMatch(/p\d@players\.example|gm@players\.example/);

      const seat = await db()
        .selectFrom('seats')
        .select('power')
        .where('address', '=', 'p1@players.example')
        .where('left_at', 'is', null)
        .executeTakeFirstOrThrow();
      const name = seat.power!.charAt(0) + seat.power!.slice(1).toLowerCase();
      // Once the game runs, SIGN ON ?game is the player's own sign-on; a stranger is told how to sign on.
      expect(await send('p1@players.example', 'SIGN ON ?demo pw1\nPRESS TO Frnace\nhello\nENDPRESS')).toMatch(
        /"Frnace" is not a power in this game; did you mean France\?/,
      );
      // njudge's reply subject for a mail signed on to a game, flagged when a block was refused.
      expect(await lastSubject('p1@players.example')).toBe('Re: [Error Flag] DIP:demo - S1901M orders');
      expect(await send('stranger@players.example', 'SIGN ON ?demo pw9')).toMatch(
        /Game 'demo' is not taking players \(it is active\); its players sign on with their power's initial, e.g. SIGNON Ademo password/,
      );
      expect(await send('gm@players.example', 'SIGNON Mdemo gmpass\nRESIGN Itlay')).toMatch(/"Itlay" is not a power of game 'demo'; did you mean Italy\?/);
      expect(await send('p1@players.example', 'SIGN ON ?demo pw1\nRESIGN')).toContain(`You have resigned from ${name} in game 'demo'.`);
      expect(await lastSubject('p1@players.example')).toBe('Re: DIP:demo - S1901M orders');
      expect((await notices('p2@players.example')).map((n) => n.subject)).toContain(`DIP:demo - S1901M Resignation: ${name}`);
      expect(await send('p8@players.example', `TAKEOVER ${name.charAt(0)}demo pw8`)).toContain(`You have taken over ${name} in game 'demo'.`);
      expect(await lastSubject('p8@players.example')).toBe('Re: DIP:demo - S1901M orders');
      // njudge's notice of a takeover: "New Player Signon: <initial>".
      expect((await notices('p2@players.example')).map((n) => n.subject)).toContain(`DIP:demo - S1901M New Player Signon: ${name.charAt(0)}`);
    });

    it('sends every reply and notice of the game with lines of at most 76 characters, as 7bit text', async () => {
      const rows = (await db().selectFrom('outbox').selectAll().where('kind', 'in', ['reply', 'notice']).execute()) as unknown as OutboxMail[];
      expect(rows.length).toBeGreaterThan(25);
      // Some were written longer: the wire copy is wrapped, the stored text is not.
      expect(rows.some((row) => row.body.split('\n').some((line) => line.length > 76))).toBe(true);
      const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      for (const row of rows) {
        const sent = (await transport.sendMail(mailOptions(row, { name: 'dipjudge', address: 'judge@judge.example' }))).message as Buffer;
        const raw = sent.toString('utf8');
        const text = raw.slice(raw.indexOf('\n\n') + 2);
        expect(raw, row.subject).toMatch(/^Content-Transfer-Encoding: 7bit$/m);
        expect(
          text.split('\n').filter((line) => line.length > 76),
          row.subject,
        ).toEqual([]);
      }
    });
  },
  { resetBetweenTests: false },
);
