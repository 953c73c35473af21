-- Game options with a value, set at CREATE or later by the Master's SET (src/judge/game-options.ts):
--   {"maxAbsenceDays": 7, "allow": ["a@b.example"], "deny": ["c@d.example"]}
-- Options that are on or off stay in games.rules under DPjudge's rule names.
ALTER TABLE games ADD COLUMN options jsonb NOT NULL DEFAULT '{}';
ALTER TABLE games ADD CONSTRAINT games_options_object CHECK (jsonb_typeof(options) = 'object');
