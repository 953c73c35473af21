-- A claim of the inbound queue (src/store/inbound-queue.ts) takes a mail only when no earlier
-- queued mail shares one of its order keys. Without an index that check read every earlier row for
-- each candidate: with a backlog of 1,000 mails a claim deep in the queue cost some 30 ms of
-- PostgreSQL; through this index each candidate looks up only the mail sharing its keys (0.5 ms).
-- fastupdate off: the queue's rows are inserted and deleted all the time, and a pending list would
-- have to be read whole by every lookup.
CREATE INDEX inbound_queue_keys_idx ON inbound_queue USING gin (order_keys) WITH (fastupdate = off);
