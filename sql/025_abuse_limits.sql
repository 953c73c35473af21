-- Limits against hostile mail (issue 25).
--
-- Wrong passwords counted per seat and per address writing to the judge (src/judge/password-guard.ts):
--   failures         wrong passwords since the count was last forgotten (a day after the last one)
--   last_failure_at  the last of them, by the judge's clock
--   locked_until     passwords for the seat, or from the address, are refused unchecked until then
CREATE TABLE seat_password_failures (
  seat_id              integer PRIMARY KEY REFERENCES seats (id) ON DELETE CASCADE,
  failures             integer NOT NULL CHECK (failures > 0),
  last_failure_at      timestamptz NOT NULL,
  locked_until         timestamptz
);
CREATE TABLE address_password_failures (
  address              text PRIMARY KEY CHECK (address = lower(address)),
  failures             integer NOT NULL CHECK (failures > 0),
  last_failure_at      timestamptz NOT NULL,
  locked_until         timestamptz
);

-- The hourly press cap counts an address's press in every game.
CREATE INDEX press_sender_address_recent ON press (sender_address, created_at);

-- The daily cap of an address that never proved itself counts game mail (results, notices, press)
-- apart from replies to mails: forged mail, which only ever gets replies, cannot use up the day of a
-- player's results. game_day_count counts on the same UTC day as day_count.
ALTER TABLE mail_addresses ADD COLUMN game_day_count integer NOT NULL DEFAULT 0;
