-- A judge for a whole community (issue 16): what a mail or the housekeeping reads stays bounded
-- as games and mail pile up.
-- LIST reads the listed games taking players, by name, a page at a time.
CREATE INDEX games_openings_idx ON games (name) WHERE listed AND status = 'forming';
-- The prune job deletes the oldest finished rows in small batches: each batch reads them in
-- order of age from these indexes instead of scanning the table.
CREATE INDEX jobs_done_idx ON jobs (done_at, id) WHERE done_at IS NOT NULL AND last_error IS NULL;
CREATE INDEX outbox_sent_idx ON outbox (sent_at, id) WHERE status = 'sent';
