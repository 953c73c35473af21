-- Why a game ended, as typed data (src/judge/ending-format.ts reads it back), so that SUMMARY no
-- longer reads the reason out of the end notice's text:
--   {"kind": "solo", "victors": ["FRANCE"]}     {"kind": "draw", "victors": ["ENGLAND", "FRANCE"]}
--   {"kind": "concession", "victors": ["RUSSIA"]}   {"kind": "master", "victors": []}
--   {"kind": "terminated", "victors": []}
-- NULL while the game is in play (UNEND clears it). A game that ended before this column is NULL too
-- and SUMMARY gives the generic line; only TERMINATE, the one ending its status alone tells, is filled in.
ALTER TABLE games ADD COLUMN ending jsonb;
ALTER TABLE games ADD CONSTRAINT games_ending_object CHECK (ending IS NULL OR jsonb_typeof(ending) = 'object');
UPDATE games SET ending = '{"kind": "terminated", "victors": []}' WHERE status = 'terminated';
