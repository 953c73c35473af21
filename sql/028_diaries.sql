-- njudge's DIARY (issue 29): a player's numbered notes to themselves, sent to everyone in the game
-- when it ends. An entry is numbered per seat (the next after the highest kept, so deleting the
-- latest frees its number, as on njudge) and goes with its seat's game.
CREATE TABLE diary_entries (
  seat_id              integer NOT NULL REFERENCES seats (id) ON DELETE CASCADE,
  number               integer NOT NULL CHECK (number > 0),
  game_id              integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  body                 text NOT NULL,
  created_at           timestamptz NOT NULL,
  PRIMARY KEY (seat_id, number)
);
CREATE INDEX diary_entries_game_idx ON diary_entries (game_id);
