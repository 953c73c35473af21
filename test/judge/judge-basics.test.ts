import { expect, it } from 'vitest';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { eml } from './mail-builder.ts';

const config = { address: 'judge@judge.example', name: 'dipjudge', code: 'DIP' };

describeWithDatabase('judge basics', (getStore) => {
  const judge = () => new MailJudge(createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' }), config, () => 0.5);
  const outbox = async () => getStore().db.selectFrom('outbox').selectAll().orderBy('id').execute();

  it('answers LIST with one threaded, auto-submitted reply', async () => {
    const result = await judge().receive(eml({ from: 'Ann <ann@players.example>', subject: 'hello', messageId: '<m1@players.example>' }, 'LIST'));
    expect(result.status).toBe('processed');
    const [reply] = await outbox();
    expect(reply).toMatchObject({ to_addresses: ['ann@players.example'], subject: 'Re: hello', kind: 'reply' });
    expect(reply!.headers).toMatchObject({ 'Auto-Submitted': 'auto-replied', 'In-Reply-To': '<m1@players.example>', References: '<m1@players.example>' });
    expect(reply!.body).toMatch(/no games on this judge/);
  });

  it('does nothing the second time the same message arrives', async () => {
    const mail = eml({ from: 'ann@players.example', messageId: '<dup@players.example>' }, 'CREATE demo secret\nFORM\nSIGNOFF');
    expect((await judge().receive(mail)).status).toBe('processed');
    expect((await judge().receive(mail)).status).toBe('duplicate');
    expect(await outbox()).toHaveLength(1);
    expect(await getStore().db.selectFrom('games').selectAll().execute()).toHaveLength(1);
  });

  it('never answers bounces and auto-replies', async () => {
    const bounce = eml({ from: 'MAILER-DAEMON@mx.example', subject: 'Undelivered' }, 'LIST');
    const auto = eml({ from: 'bob@players.example', headers: { 'Auto-Submitted': 'auto-replied' } }, 'LIST');
    expect((await judge().receive(bounce)).status).toBe('ignored');
    expect((await judge().receive(auto)).status).toBe('ignored');
    expect(await outbox()).toHaveLength(0);
  });

  it('rolls back a block with an error and keeps the other blocks of the mail', async () => {
    await judge().receive(eml({ from: 'gm@players.example' }, 'CREATE good secret\nFORM\nCREATE bad secret\nRULES NO_SUCH_RULE\nFORM'));
    const games = await getStore().db.selectFrom('games').select('name').execute();
    expect(games.map((g) => g.name)).toEqual(['good']);
    const [reply] = await outbox();
    expect(reply!.body).toMatch(/Line 4: RULES NO_SUCH_RULE\n {2}Unknown rule NO_SUCH_RULE/);
    expect(reply!.body).not.toMatch(/secret/);
  });

  it('stores passwords hashed and never echoes them', async () => {
    await judge().receive(eml({ from: 'gm@players.example' }, 'CREATE demo hunter2\nFORM'));
    await judge().receive(eml({ from: 'p1@players.example' }, 'JOIN demo opensesame'));
    await judge().receive(eml({ from: 'p1@players.example' }, 'SIGNON 1demo wrongpass\nSTATUS'));
    const seats = await getStore().db.selectFrom('seats').select(['password_hash']).execute();
    for (const seat of seats) expect(seat.password_hash).toMatch(/^scrypt\$/);
    const bodies = (await outbox()).map((m) => m.body).join('\n');
    expect(bodies).not.toMatch(/hunter2|opensesame|wrongpass/);
    expect(bodies).toMatch(/Invalid game, power or password/);
  });
});

describeWithDatabase('commands before any SIGNON', (getStore) => {
  it('lets the Master PURGE an empty game with its password, and refuses a wrong one', async () => {
    const judge = new MailJudge(createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' }), config, () => 0.5);
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE demo hunter2\nFORM'));
    await judge.receive(eml({ from: 'gm@players.example' }, 'PURGE demo wrong'));
    expect(await getStore().db.selectFrom('games').selectAll().execute()).toHaveLength(1);
    await judge.receive(eml({ from: 'gm@players.example' }, 'PURGE demo hunter2'));
    expect(await getStore().db.selectFrom('games').selectAll().execute()).toHaveLength(0);
    const bodies = (await getStore().db.selectFrom('outbox').select('body').execute()).map((r) => r.body).join('\n');
    expect(bodies).not.toMatch(/hunter2/);
  });
});
