-- Dedication and ratings (njudge's dip.ded points and plyrdata counters). They are kept on each
-- holder's stint of a seat, next to the late and on-time counts already there, so a player's
-- record is the sum over the stints held under their address, and a seat's record is its own.
ALTER TABLE seat_stints ADD COLUMN points integer NOT NULL DEFAULT 0;
-- phases judged for punctuality (on time or late); on_time_count counts the punctual ones
ALTER TABLE seat_stints ADD COLUMN judged_count integer NOT NULL DEFAULT 0;
-- 1 when the stint began with the game, 1 when it began by taking over a vacated power
ALTER TABLE seat_stints ADD COLUMN started_count integer NOT NULL DEFAULT 0;
ALTER TABLE seat_stints ADD COLUMN took_over_count integer NOT NULL DEFAULT 0;
-- abandonments and civil disorders (njudge's `resigned`: a power abandoned and then in CD counts twice)
ALTER TABLE seat_stints ADD COLUMN resigned_count integer NOT NULL DEFAULT 0;
ALTER TABLE seat_stints ADD CONSTRAINT seat_stints_ratings_nonnegative
  CHECK (judged_count >= 0 AND started_count >= 0 AND took_over_count >= 0 AND resigned_count >= 0 AND on_time_count <= judged_count);
CREATE INDEX seat_stints_lower_address_idx ON seat_stints (lower(address));

-- when the phase's punctuality was judged (njudge's dedapplied): once, at its first late notice
-- or, with none, when it is processed
ALTER TABLE phases ADD COLUMN punctuality_judged_at timestamptz;
