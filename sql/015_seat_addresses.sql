-- njudge's SET ADDRESS a,b (issue 12): a seat's game mail goes to every address listed.
--   seats.address          the first address: replies on record, LIST, the seat's identity
--   seats.extra_addresses  the others (in sql/001, unused until now): each gets a copy of the
--                          seat's results, notices and press, and only once it has confirmed
-- Each new address confirms its own code (address_changes, sql/014) before it receives anything;
-- `addresses` is the whole list the SET ADDRESS asked for, so a confirmation knows what the seat's
-- addresses become. NULL (rows from before this migration): the change's address alone.
ALTER TABLE address_changes ADD COLUMN addresses text[];
