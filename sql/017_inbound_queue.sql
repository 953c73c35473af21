-- Mail the mailbox reader has recorded and no process has judged yet (issue 16, judging on every
-- process). The reader (the mailbox leader) only inserts here; any `serve` process on the database
-- claims rows with FOR UPDATE SKIP LOCKED, judges them and deletes them in the judge's transaction,
-- so a row is judged exactly once and a crash leaves it here for the next claim.
--   mail        the mail as the mail layer read it (src/judge/inbound-mail.ts), or NULL when it
--               could not be read at all (unreadable says why)
--   raw         its bytes, kept in failed_mail if the judge fails on it (`dipjudge mail retry`)
--   order_keys  what it must be judged in order with: its sender's addresses and the games it may
--               change; a row is claimed only after every earlier row sharing a key was judged
--   attempts    claims that failed on it for a reason the store called lasting
CREATE TABLE inbound_queue (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id           text NOT NULL UNIQUE,
  mail                 jsonb,
  unreadable           text,
  raw                  bytea NOT NULL,
  mailbox              text,
  uidvalidity          bigint,
  uid                  bigint,
  order_keys           text[] NOT NULL DEFAULT '{}',
  attempts             integer NOT NULL DEFAULT 0,
  queued_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT inbound_queue_read_or_why CHECK ((mail IS NULL) <> (unreadable IS NULL))
);
