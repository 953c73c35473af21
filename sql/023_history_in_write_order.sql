-- HISTORY lists a game's results, notices and broadcast press by when each was written. With
-- now() every row of one transaction had the same time, and a batch of mails judged in one
-- transaction (the queue claims them so) came out as all its notices before all its press.
-- clock_timestamp() is the time of the write itself, so rows keep the order they were written in.
ALTER TABLE game_notices ALTER COLUMN created_at SET DEFAULT clock_timestamp();
ALTER TABLE press ALTER COLUMN created_at SET DEFAULT clock_timestamp();
