-- A processed phase updates each seat of the game (its on-time count) and the seats' open stints
-- (points and counts) (issue 35). With full pages (fillfactor 100, the default) each such
-- update wrote the new row version on another page and a new entry into every index of the table: in a
-- deadline storm the seats' statement read ~290 buffers and wrote ~12 KB of WAL for one game, the
-- largest share of PostgreSQL's time per deadline (pg_stat_statements). None of the columns these
-- updates change is indexed, so with room left on each page PostgreSQL updates in place (a HOT update:
-- no index entry, the row stays on its page). Pages written from now on keep a fifth free. The games
-- table keeps full pages: a fifth more of them turned SEARCH's plan into a read of a whole index
-- (test/store/mail-query-plans.test.ts).
ALTER TABLE seats SET (fillfactor = 80);
ALTER TABLE seat_stints SET (fillfactor = 80);
