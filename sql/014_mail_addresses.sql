-- Every address the judge writes to (issue 10, "the judge never becomes a way to mail strangers"):
--   token      the per-address secret of its List-Unsubscribe mailto and the closing line of each mail;
--              a mail whose Subject is "STOP <token>" stops mail to that address
--   stopped_at the address asked to stop: nothing more is sent to it until it writes with a valid password
--   proven_at  the address sent a mail that proved itself (a valid password, a confirmed code, or a
--              DMARC/SPF pass where the judgekeeper checks it); unproven addresses get at most
--              DIPJUDGE_MAX_MAILS_PER_DAY_UNPROVEN mails a day
--   day, day_count  mails sent to it on that UTC day (YYYY-MM-DD)
-- Addresses are stored lower case.
CREATE TABLE mail_addresses (
  address              text PRIMARY KEY CHECK (address = lower(address)),
  token                text NOT NULL UNIQUE,
  stopped_at           timestamptz,
  proven_at            timestamptz,
  day                  text,
  day_count            integer NOT NULL DEFAULT 0,
  created_at           timestamptz NOT NULL DEFAULT now()
);

-- SET ADDRESS to a new address waits here until the new address sends the code back.
CREATE TABLE address_changes (
  code                 text PRIMARY KEY,
  seat_id              integer NOT NULL REFERENCES seats (id) ON DELETE CASCADE,
  address              text NOT NULL,
  requested_at         timestamptz NOT NULL
);
CREATE INDEX address_changes_seat ON address_changes (seat_id);
