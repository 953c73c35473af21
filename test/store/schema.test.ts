import { sql } from 'kysely';
import type { PowerId } from '../../src/engine/types.ts';
import { expect, it } from 'vitest';
import { GAME_STATUSES, INBOUND_OUTCOMES, jsonb, OUTBOX_STATUSES, PRESS_KINDS, SEAT_ROLES, SEAT_STATUSES } from '../../src/store/index.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { insertGame, insertPhase, rejectsWithDatabaseError, samplePosition, SCRYPT_HASH } from './fixtures.ts';

describeEachDatabase('schema', (getStore) => {
  it('keeps game names unique and lower-case [a-z0-9_-]', async () => {
    const { db } = getStore();
    await insertGame(db, { name: 'my_game-1' });
    await rejectsWithDatabaseError(insertGame(db, { name: 'my_game-1', variant: 'chaos' }), {
      code: '23505',
      constraint: 'games_name_key',
    });
    for (const name of ['Demo', 'has space', '', 'émile']) {
      await rejectsWithDatabaseError(insertGame(db, { name }), { code: '23514', constraint: 'games_name_format' });
    }
    expect(await db.selectFrom('games').select('name').execute()).toEqual([{ name: 'my_game-1' }]);
  });

  it('accepts exactly the vocabularies schema.ts declares', async () => {
    const { db } = getStore();
    const game = await insertGame(db);
    for (const status of GAME_STATUSES) {
      const needsPhase = status === 'active' || status === 'waiting' || status === 'completed';
      const row = await insertGame(db, { name: `status-${status}` });
      if (needsPhase) {
        await insertPhase(db, row.id, 'S1901M', 0);
        await db.updateTable('games').set({ current_phase: 'S1901M' }).where('id', '=', row.id).execute();
      }
      await db.updateTable('games').set({ status }).where('id', '=', row.id).execute();
    }
    await rejectsWithDatabaseError(
      db
        .updateTable('games')
        .set({ status: 'paused' as never })
        .execute(),
      {
        code: '23514',
        constraint: 'games_status_check',
      },
    );

    for (const role of SEAT_ROLES) {
      for (const status of SEAT_STATUSES) {
        await db
          .insertInto('seats')
          // only one Master may sit at a time
          .values({ game_id: game.id, role, status, address: `${role}-${status}@example.test`, left_at: role === 'master' ? sql`now()` : null })
          .execute();
      }
    }
    await rejectsWithDatabaseError(
      db
        .insertInto('seats')
        .values({ game_id: game.id, role: 'player' as never, address: 'x@example.test' })
        .execute(),
      { code: '23514', constraint: 'seats_role_check' },
    );
    await rejectsWithDatabaseError(
      db
        .insertInto('seats')
        .values({ game_id: game.id, role: 'power', status: 'gone' as never, address: 'x@example.test' })
        .execute(),
      { code: '23514', constraint: 'seats_status_check' },
    );

    for (const kind of PRESS_KINDS) {
      await db
        .insertInto('press')
        .values({
          game_id: game.id,
          sender_address: 'e@example.test',
          kind,
          fake_sender: kind === 'fake' ? 'FRANCE' : null,
          broadcast: true,
          recipients: [],
          body: 'hello',
        })
        .execute();
    }
    for (const outcome of INBOUND_OUTCOMES) {
      await db
        .insertInto('inbound_mail')
        .values({ message_id: `<${outcome}@example.test>`, outcome })
        .execute();
    }
    for (const status of OUTBOX_STATUSES) {
      await db
        .insertInto('outbox')
        .values({
          message_id: `<${status}@judge.test>`,
          to_addresses: ['p@example.test'],
          subject: 's',
          body: 'b',
          status,
          sent_at: status === 'sent' ? new Date() : null,
        })
        .execute();
    }
    await rejectsWithDatabaseError(
      db
        .insertInto('outbox')
        .values({ message_id: '<x@judge.test>', to_addresses: ['p@example.test'], subject: 's', body: 'b', status: 'queued' as never })
        .execute(),
      { code: '23514', constraint: 'outbox_status_check' },
    );
  });

  it('leaves a fifth of each page free in the seats and stints every processed phase updates, for updates in place (HOT)', async () => {
    const { db } = getStore();
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      SELECT relname, reloptions FROM pg_class WHERE relname IN ('games', 'seats', 'seat_stints') AND relkind = 'r' ORDER BY relname`.execute(db);
    expect(rows.map((row) => [row.relname, row.reloptions])).toEqual([
      ['games', null],
      ['seat_stints', ['fillfactor=80']],
      ['seats', ['fillfactor=80']],
    ]);
  });

  it('bumps games.version and updated_at on every update, whatever the statement sets', async () => {
    const { db } = getStore();
    const game = await insertGame(db);
    expect(game.version).toBe(1);
    const afterDescription = await db
      .updateTable('games')
      .set({ description: 'A test game' })
      .where('id', '=', game.id)
      .returning(['version', 'updated_at'])
      .executeTakeFirstOrThrow();
    expect(afterDescription.version).toBe(2);
    expect(afterDescription.updated_at.getTime()).toBeGreaterThanOrEqual(game.updated_at.getTime());

    // Optimistic concurrency: the second writer with the stale version changes nothing.
    const fresh = await db
      .updateTable('games')
      .set({ listed: false })
      .where('id', '=', game.id)
      .where('version', '=', 2)
      .returning('version')
      .executeTakeFirst();
    const stale = await db
      .updateTable('games')
      .set({ listed: true })
      .where('id', '=', game.id)
      .where('version', '=', 2)
      .returning('version')
      .executeTakeFirst();
    expect(fresh).toEqual({ version: 3 });
    expect(stale).toBeUndefined();

    const forced = await db.updateTable('games').set({ version: 100 }).where('id', '=', game.id).returning('version').executeTakeFirstOrThrow();
    expect(forced.version).toBe(4);
  });

  it('ties games.current_phase to a stored phase and cascades a game delete', async () => {
    const { db } = getStore();
    const game = await insertGame(db, { status: 'forming' });
    await rejectsWithDatabaseError(db.updateTable('games').set({ current_phase: 'S1901M' }).where('id', '=', game.id).execute(), {
      code: '23503',
      constraint: 'games_current_phase_fkey',
    });
    await rejectsWithDatabaseError(db.updateTable('games').set({ status: 'active' }).where('id', '=', game.id).execute(), {
      code: '23514',
      constraint: 'games_phase_when_playing',
    });

    await insertPhase(db, game.id, 'S1901M', 0);
    await insertPhase(db, game.id, 'F1901M', 1);
    await db.updateTable('games').set({ current_phase: 'F1901M', status: 'active' }).where('id', '=', game.id).execute();
    await db
      .insertInto('orders')
      .values({ game_id: game.id, phase_id: 'F1901M', power: 'ENGLAND', lines: ['F LON - NTH'] })
      .execute();
    await rejectsWithDatabaseError(
      db
        .insertInto('phases')
        .values({ game_id: game.id, phase_id: 'W1901A', seq: 1, position: jsonb(samplePosition()) })
        .execute(),
      { code: '23505', constraint: 'phases_game_seq_key' },
    );
    await rejectsWithDatabaseError(db.deleteFrom('phases').where('phase_id', '=', 'F1901M').execute(), {
      code: '23503',
      constraint: 'games_current_phase_fkey',
    });

    // ROLLBACK: point at the earlier snapshot, then drop the later phase with its orders.
    await db.updateTable('games').set({ current_phase: 'S1901M' }).where('id', '=', game.id).execute();
    await db.deleteFrom('phases').where('game_id', '=', game.id).where('seq', '>', 0).execute();
    expect(await db.selectFrom('orders').selectAll().execute()).toEqual([]);

    const seat = await db
      .insertInto('seats')
      .values({ game_id: game.id, role: 'power', power: 'ENGLAND', address: 'e@example.test', password_hash: SCRYPT_HASH })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('seat_stints').values({ seat_id: seat.id, address: 'e@example.test' }).execute();
    await db.insertInto('absences').values({ game_id: game.id, seat_id: seat.id, starts_at: '2026-01-01T00:00Z', ends_at: '2026-01-03T00:00Z' }).execute();
    await db.insertInto('jobs').values({ game_id: game.id, kind: 'deadline', due_at: new Date() }).execute();

    await db.deleteFrom('games').where('id', '=', game.id).execute();
    for (const table of ['phases', 'orders', 'seats', 'seat_stints', 'absences', 'jobs'] as const) {
      const { count } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(`${table}: ${count}`).toBe(`${table}: 0`);
    }
  });

  it('guards seats: one seat per power, a Master address once per game, one open stint, scrypt hashes only', async () => {
    const { db } = getStore();
    const game = await insertGame(db);
    const other = await insertGame(db, { name: 'other' });
    const england = await db
      .insertInto('seats')
      .values({ game_id: game.id, role: 'power', power: 'ENGLAND', address: 'e@example.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await rejectsWithDatabaseError(db.insertInto('seats').values({ game_id: game.id, role: 'power', power: 'ENGLAND', address: 'x@example.test' }).execute(), {
      code: '23505',
      constraint: 'seats_game_power_key',
    });
    await db.insertInto('seats').values({ game_id: other.id, role: 'power', power: 'ENGLAND', address: 'x@example.test' }).execute();
    await rejectsWithDatabaseError(
      db.insertInto('seats').values({ game_id: game.id, role: 'observer', power: 'FRANCE', address: 'o@example.test' }).execute(),
      { code: '23514', constraint: 'seats_power_only_for_powers' },
    );
    await rejectsWithDatabaseError(
      db
        .insertInto('seats')
        .values({ game_id: game.id, role: 'power', power: 'france' as PowerId, address: 'f@example.test' })
        .execute(),
      { code: '23514', constraint: 'seats_power_upper' },
    );

    await db.insertInto('seats').values({ game_id: game.id, role: 'master', address: 'gm@example.test' }).execute();
    // PROMOTE: several Masters, each address once.
    await db.insertInto('seats').values({ game_id: game.id, role: 'master', address: 'gm2@example.test' }).execute();
    await rejectsWithDatabaseError(db.insertInto('seats').values({ game_id: game.id, role: 'master', address: 'GM2@example.test' }).execute(), {
      code: '23505',
      constraint: 'seats_game_master_address_key',
    });
    // A Master who has left makes room for the same address again.
    await db.updateTable('seats').set({ left_at: sql`now()` }).where('role', '=', 'master').where('address', '=', 'gm2@example.test').execute();
    await db.insertInto('seats').values({ game_id: game.id, role: 'master', address: 'gm2@example.test' }).execute();

    await db.insertInto('seat_stints').values({ seat_id: england.id, address: 'e@example.test' }).execute();
    await rejectsWithDatabaseError(db.insertInto('seat_stints').values({ seat_id: england.id, address: 'new@example.test' }).execute(), {
      code: '23505',
      constraint: 'seat_stints_open_key',
    });
    // Takeover: close the old stint with a reason, open the new one.
    await db
      .updateTable('seat_stints')
      .set({ ended_at: sql`now()`, end_reason: 'resigned' })
      .where('seat_id', '=', england.id)
      .where('ended_at', 'is', null)
      .execute();
    await db.insertInto('seat_stints').values({ seat_id: england.id, address: 'new@example.test' }).execute();
    expect(await db.selectFrom('seat_stints').select(['address', 'end_reason']).where('seat_id', '=', england.id).orderBy('id').execute()).toEqual([
      { address: 'e@example.test', end_reason: 'resigned' },
      { address: 'new@example.test', end_reason: null },
    ]);

    await rejectsWithDatabaseError(db.updateTable('seats').set({ password_hash: 'hunter2' }).where('id', '=', england.id).execute(), {
      code: '23514',
      constraint: 'seats_password_scrypt',
    });
    await rejectsWithDatabaseError(
      db.insertInto('absences').values({ game_id: other.id, seat_id: england.id, starts_at: '2026-01-01', ends_at: '2026-01-02' }).execute(),
      { code: '23503', constraint: 'absences_seat_fkey' },
    );
  });

  it('round-trips column types the same way on both backends', async () => {
    const { db } = getStore();
    const game = await insertGame(db, {
      rules: ['NO_DIAS', 'NMR'],
      press: jsonb({ kind: 'white', partial: true, observers: 'none' }),
      timing: jsonb({ movement: { clock: '23:30', days: 'SMTWTFS' } }),
      private_word_hash: SCRYPT_HASH,
      time_zone: 'Europe/London',
    });
    await insertPhase(db, game.id, 'S1901M', 0);
    const deadline = new Date('2026-03-01T23:30:00Z');
    await db
      .updateTable('games')
      .set({ current_phase: 'S1901M', status: 'active', deadline_at: deadline, grace_at: '2026-03-04T23:30:00Z' })
      .where('id', '=', game.id)
      .execute();
    const row = await db.selectFrom('games').selectAll().where('id', '=', game.id).executeTakeFirstOrThrow();
    expect(row.rules).toEqual(['NO_DIAS', 'NMR']);
    expect(row.press).toEqual({ kind: 'white', partial: true, observers: 'none' });
    expect(row.deadline_at).toEqual(deadline);
    expect(row.grace_at).toEqual(new Date('2026-03-04T23:30:00Z'));
    expect(typeof row.id).toBe('number');

    const phase = await db.selectFrom('phases').select('position').executeTakeFirstOrThrow();
    expect(phase.position).toEqual(samplePosition('S1901M'));

    // jsonb arrays need jsonb(): pg would otherwise send a PostgreSQL array literal.
    await db
      .insertInto('judge_state')
      .values({ key: 'list', value: jsonb(['a', 1, null]) })
      .execute();
    await db
      .insertInto('judge_state')
      .values({ key: 'imap:INBOX', value: jsonb({ uidvalidity: '1795270473', lastUid: '7' }) })
      .execute();
    expect(await db.selectFrom('judge_state').select(['key', 'value']).orderBy('key').execute()).toEqual([
      { key: 'imap:INBOX', value: { uidvalidity: '1795270473', lastUid: '7' } },
      { key: 'list', value: ['a', 1, null] },
    ]);

    // bigint comes back as a string, never as a lossy number.
    const mail = await db
      .insertInto('inbound_mail')
      .values({ message_id: '<a@example.test>', mailbox: 'INBOX', uidvalidity: 4294967295n, uid: 9007199254740993n })
      .returning(['id', 'uidvalidity', 'uid'])
      .executeTakeFirstOrThrow();
    expect(mail).toEqual({ id: '1', uidvalidity: '4294967295', uid: '9007199254740993' });
  });
});
