-- Pictures drawn for a deadline storm do not hold other mail (issue 35): a results mail queues its map
-- picture as an SVG, and the outbox sender draws the PNG (some 30 ms of CPU for the standard map, more
-- for the large ones) when it sends it. After a storm of 10,000 games that is minutes of drawing, and
-- the sender took mail strictly in queue order, so a reply queued after the storm waited for all of it.
-- The sender now claims mail without a picture to draw first (unless an earlier picture mail of the
-- same game is still pending: a game's own mail keeps its order) and a few picture mails per round.
-- `drawing` says which rows still have a picture to draw; the two partial indexes serve the claim.
ALTER TABLE outbox ADD COLUMN drawing boolean GENERATED ALWAYS AS (attachments @> '[{"draw": {}}]') STORED;
CREATE INDEX outbox_pending_plain_idx ON outbox (next_attempt_at, id) WHERE status = 'pending' AND NOT drawing;
CREATE INDEX outbox_pending_drawing_idx ON outbox (next_attempt_at, id) WHERE status = 'pending' AND drawing;
CREATE INDEX outbox_pending_drawing_game_idx ON outbox (game_id, id) WHERE status = 'pending' AND drawing;
-- The same SVG (some 55 KB a results mail) is compressed with lz4 where the server has it, instead of pglz:
-- about 1 ms less of PostgreSQL's CPU per deadline of a storm (bench:deadlines, runs alternated). A server
-- built without lz4 (PGlite) keeps pglz.
DO $$
BEGIN
  ALTER TABLE outbox ALTER COLUMN attachments SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
