-- Mail recorded in the queue wakes every `serve` process at once (LISTEN dipjudge_inbound_queue,
-- src/store/queue-notifications.ts) instead of at its next look at the queue. One notice per
-- statement, sent when the recording commits; PostgreSQL folds repeated ones of a transaction.
CREATE FUNCTION inbound_queue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dipjudge_inbound_queue', '');
  RETURN NULL;
END $$;
CREATE TRIGGER inbound_queue_notify AFTER INSERT ON inbound_queue FOR EACH STATEMENT EXECUTE FUNCTION inbound_queue_notify();
