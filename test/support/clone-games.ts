import pg from 'pg';

// Fills a PostgreSQL database with copies of one game that was made through the judge, so the
// benchmarks can measure a judge with thousands of active games in seconds instead of hours.
//
//   await cloneGames(databaseUrl, { template: 'bench', copies: 9_999 });
//
// How: one transaction of INSERT … SELECT statements over generate_series(1, copies). Every
// copy gets its own games row (named `<template>-c<n>`), the template's seats, seat_stints,
// phases (positions and snapshots as they are), orders and open jobs (due when the template's
// are, their dedupe keys rewritten to the copy's game id). Column lists are read from the catalog,
// so columns added by later migrations are copied too. Each copy's players have addresses of
// their own, shared between copies the way a community's players sit in several games:
// `<power>-<n mod playersPerPower>@community.example` (default 3,000 per power, so at 10,000
// games a player holds 3–4 seats), and the Master `gm-<n mod 1000>@community.example`; their
// password hashes are the template's. Statistics are refreshed afterwards (ANALYZE), as
// autovacuum would on a judge that grew over months.

export interface CloneOptions {
  /** Name of the game to copy. */
  readonly template: string;
  /** How many copies to add. */
  readonly copies: number;
  /** Copies are named `<prefix>-c<n>` (default: the template's name). */
  readonly prefix?: string;
  /** Distinct players per power over all copies (default 3,000). */
  readonly playersPerPower?: number;
}

export async function cloneGames(databaseUrl: string, options: CloneOptions): Promise<void> {
  if (options.copies < 1) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    // games.current_phase references phases, which are inserted after the games.
    await client.query('SET CONSTRAINTS ALL DEFERRED');
    const template = await client.query<{ id: number }>('SELECT id FROM games WHERE name = $1', [options.template]);
    const templateId = template.rows[0]?.id;
    if (templateId === undefined) throw new Error(`no game named ${options.template} to clone`);
    const copies = options.copies;
    const players = options.playersPerPower ?? 3000;
    const columns = async (table: string, except: readonly string[]) => {
      const { rows } = await client.query<{ column_name: string; is_generated: string; identity_generation: string | null }>(
        `SELECT column_name, is_generated, identity_generation FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      return rows.filter((r) => r.is_generated === 'NEVER' && r.column_name !== 'id' && !except.includes(r.column_name)).map((r) => `"${r.column_name}"`);
    };

    // Games, and which copy got which id.
    const gameColumns = await columns('games', ['name', 'version']);
    await client.query(
      `CREATE TEMP TABLE clone_games ON COMMIT DROP AS
       WITH inserted AS (
         INSERT INTO games (name, ${gameColumns.join(', ')})
         SELECT $3 || '-c' || n, ${gameColumns.map((c) => `t.${c}`).join(', ')}
         FROM games t CROSS JOIN generate_series(1, $2::int) AS n WHERE t.id = $1
         RETURNING id, name)
       SELECT id, substring(name FROM '-c([0-9]+)$')::int AS n FROM inserted`,
      [templateId, copies, options.prefix ?? options.template],
    );

    // Seats: players' addresses per copy; the k-th seat of a copy is the template's k-th.
    const seatColumns = await columns('seats', ['game_id', 'address']);
    const address = (power: string, table: string) =>
      `CASE WHEN ${table}.role = 'master' THEN 'gm-' || (g.n % 1000) || '@community.example'
            ELSE lower(coalesce(${power}, ${table}.role)) || '-' || (g.n % ${players}) || '@community.example' END`;
    await client.query(
      `CREATE TEMP TABLE clone_seats ON COMMIT DROP AS
       WITH inserted AS (
         INSERT INTO seats (game_id, address, ${seatColumns.join(', ')})
         SELECT g.id, ${address('s.power', 's')}, ${seatColumns.map((c) => `s.${c}`).join(', ')}
         FROM seats s CROSS JOIN clone_games g WHERE s.game_id = $1 ORDER BY g.n, s.id
         RETURNING id, game_id),
       -- identities are handed out in the SELECT's order, so the k-th new seat of a copy is the k-th of the template
       fresh AS (SELECT id, game_id, row_number() OVER (PARTITION BY game_id ORDER BY id) AS k FROM inserted),
       old AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM seats WHERE game_id = $1)
       SELECT fresh.id AS new_id, old.id AS old_id, fresh.game_id FROM fresh JOIN old USING (k)`,
      [templateId],
    );
    const stintColumns = await columns('seat_stints', ['seat_id', 'address']);
    await client.query(
      `INSERT INTO seat_stints (seat_id, address, ${stintColumns.join(', ')})
       SELECT cs.new_id, ns.address, ${stintColumns.map((c) => `st.${c}`).join(', ')}
       FROM clone_seats cs JOIN seat_stints st ON st.seat_id = cs.old_id JOIN seats ns ON ns.id = cs.new_id
       ORDER BY cs.new_id, st.id`,
    );

    const phaseColumns = await columns('phases', ['game_id']);
    await client.query(
      `INSERT INTO phases (game_id, ${phaseColumns.join(', ')})
       SELECT g.id, ${phaseColumns.map((c) => `p.${c}`).join(', ')} FROM phases p CROSS JOIN clone_games g WHERE p.game_id = $1`,
      [templateId],
    );
    const orderColumns = await columns('orders', ['game_id']);
    await client.query(
      `INSERT INTO orders (game_id, ${orderColumns.join(', ')})
       SELECT g.id, ${orderColumns.map((c) => `o.${c}`).join(', ')} FROM orders o CROSS JOIN clone_games g WHERE o.game_id = $1`,
      [templateId],
    );
    const jobColumns = await columns('jobs', ['game_id', 'dedupe_key']);
    await client.query(
      `INSERT INTO jobs (game_id, dedupe_key, ${jobColumns.join(', ')})
       SELECT g.id, regexp_replace(j.dedupe_key, '^game:[0-9]+:', 'game:' || g.id || ':'), ${jobColumns.map((c) => `j.${c}`).join(', ')}
       FROM jobs j CROSS JOIN clone_games g WHERE j.game_id = $1 AND j.done_at IS NULL ORDER BY j.due_at, g.n`,
      [templateId],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
