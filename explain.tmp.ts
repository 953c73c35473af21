import pg from 'pg';
import { migratedScratchDatabase } from './test/support/postgres-template.ts';
const scratch = await migratedScratchDatabase('dipjudge_explain');
const c = new pg.Client({ connectionString: scratch.url }); await c.connect();
try {
  await c.query('VACUUM ANALYZE inbound_queue');
  await c.query(`INSERT INTO inbound_queue (message_id, mail, raw, order_keys)
    SELECT '<m' || g || '@x>', '{}'::jsonb, '\\x00'::bytea, CASE WHEN g % 40 = 0 THEN ARRAY['sender:p' || (g % 7) || '@x', 'game:bench'] ELSE ARRAY['sender:s' || g || '@x'] END FROM generate_series(1, 2000) g`);
  for (let k = 0; k < 27; k++) await c.query('DELETE FROM inbound_queue WHERE id IN (SELECT id FROM inbound_queue ORDER BY id LIMIT 37)');
  for (const mode of ['force_custom_plan', 'force_generic_plan']) {
    await c.query(`SET plan_cache_mode = ${mode}`);
    await c.query(`PREPARE claim_${mode}(int, int) AS SELECT q.id, q.mail FROM inbound_queue q
      WHERE q.id IN (SELECT id FROM inbound_queue ORDER BY id LIMIT $1)
        AND NOT EXISTS (SELECT 1 FROM inbound_queue e WHERE (e.id < q.id) IS TRUE AND e.order_keys && q.order_keys)
      ORDER BY q.id LIMIT $2 FOR UPDATE OF q SKIP LOCKED`);
    await c.query('BEGIN');
    const r = await c.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE claim_${mode}(1000, 37)`);
    await c.query('ROLLBACK');
    console.log('==', mode); console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
} finally { await c.end(); await scratch.drop(); }
