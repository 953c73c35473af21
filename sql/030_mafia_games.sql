-- Mafia games (issue 32): a game of another kind than Diplomacy keeps its phase in its kind_state
-- (Day 2, Night 2), not in current_phase, so a Mafia game in play has no Diplomacy phase id. The
-- rule that a game in play has a current phase holds for Diplomacy games only.
ALTER TABLE games DROP CONSTRAINT games_phase_when_playing;
ALTER TABLE games ADD CONSTRAINT games_phase_when_playing
  CHECK (kind <> 'diplomacy' OR status NOT IN ('active', 'waiting', 'completed') OR current_phase IS NOT NULL);
