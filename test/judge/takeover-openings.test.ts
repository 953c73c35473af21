import { expect, it } from 'vitest';
import { describeWithDatabase } from '../support/databases.ts';
import { lastReplyTo, type StartedGame, startGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// LIST's openings (njudge's LIST): beside the games taking players, the games in play with a
// power open for TAKEOVER, naming the powers, and nothing once they are taken.

const START = new Date('2004-01-05T16:00:00Z');
const GM = 'gm@players.example';
const READER = 'reader@else.example';

describeWithDatabase('the openings list', (getStore) => {
  let now = START;
  const db = () => getStore().db;
  const send = async (played: StartedGame, from: string, body: string) => {
    await played.judge.receive(eml({ from }, body));
    return lastReplyTo(db(), from);
  };

  it('shows games in play with powers open for TAKEOVER, in the variant order, until they are taken', async () => {
    now = START;
    const played = await startGame(db(), 'SET GUNBOAT', () => now);
    expect(await send(played, READER, 'LIST')).toMatch(/There are no games on this judge taking players just now/);
    await send(played, GM, 'SIGNON Mdemo gmpass\nRESIGN Italy\nEJECT France');
    const list = await send(played, READER, 'LIST');
    expect(list).toMatch(
      /Games in play with a power open for TAKEOVER \(send TAKEOVER power@game password\):\n {2}demo +Standard +waiting +S1901M +France, Italy\n/,
    );
    expect(list).not.toMatch(/There are no games|@players\.example/);
    // A forming game is listed first, the game in play after it.
    await send(played, 'other@else.example', 'CREATE later pw\nFORM');
    expect(await send(played, READER, 'LIST')).toMatch(
      /taking players \(send JOIN game password\):\n {2}later +Standard +forming\n\nGames in play with a power open for TAKEOVER/,
    );
    await send(played, 'new1@else.example', 'TAKEOVER france@demo np1');
    expect(await send(played, READER, 'LIST')).toMatch(/ {2}demo +Standard +waiting +S1901M +Italy\n/);
    // An unlisted game is not offered.
    await send(played, GM, 'SIGNON Mdemo gmpass\nSET UNLISTED');
    expect(await send(played, READER, 'LIST')).not.toMatch(/TAKEOVER/);
    await send(played, GM, 'SIGNON Mdemo gmpass\nSET LISTED');
    await send(played, 'new2@else.example', 'TAKEOVER italy@demo np2');
    expect(await send(played, READER, 'LIST')).not.toMatch(/open for TAKEOVER/);
  });
});
