-- njudge's signon gates (SET DEDICATION n, SET ONTIMERAT x, SET RESRAT x): what a player's record
-- must show to JOIN the game or TAKEOVER one of its powers. NULL: no such requirement.
--   min_dedication           dedication points at least this
--   min_on_time_ratio        on-time ratio at least this (0..1)
--   max_civil_disorder_ratio civil-disorder ratio at most this (0..1)
ALTER TABLE games ADD COLUMN min_dedication integer;
ALTER TABLE games ADD COLUMN min_on_time_ratio double precision;
ALTER TABLE games ADD COLUMN max_civil_disorder_ratio double precision;
ALTER TABLE games ADD CONSTRAINT games_signon_gate_ratios CHECK (
  (min_on_time_ratio IS NULL OR (min_on_time_ratio >= 0 AND min_on_time_ratio <= 1))
  AND (max_civil_disorder_ratio IS NULL OR (max_civil_disorder_ratio >= 0 AND max_civil_disorder_ratio <= 1))
);
