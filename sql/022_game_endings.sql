-- Why a game ended, as typed data (src/judge/ending-format.ts reads it back), so that SUMMARY no
-- longer reads the reason out of the end notice's text:
--   {"kind": "solo", "victors": ["FRANCE"]}     {"kind": "draw", "victors": ["ENGLAND", "FRANCE"]}
--   {"kind": "concession", "victors": ["RUSSIA"]}   {"kind": "master", "victors": []}
--   {"kind": "terminated", "victors": []}
--   {"kind": "told", "victors": [], "text": "…"}: a game that ended before this column, with the reason
--   its end notice gave (what SUMMARY read out of that notice before), so SUMMARY still says it.
-- NULL while the game is in play (UNEND clears it). TERMINATE, which its status alone tells, is filled in
-- as such; a completed game whose end notice gives no reason stays NULL and SUMMARY gives the generic line.
ALTER TABLE games ADD COLUMN ending jsonb;
ALTER TABLE games ADD CONSTRAINT games_ending_object CHECK (ending IS NULL OR jsonb_typeof(ending) = 'object');
UPDATE games SET ending = '{"kind": "terminated", "victors": []}' WHERE status = 'terminated';
UPDATE games SET ending = jsonb_build_object('kind', 'told', 'victors', '[]'::jsonb, 'text', told.reason)
FROM (
  -- The last end notice of each game ('Game over', or 'Victory: FR' since victories are titled so),
  -- and the first line after 'is over. ' in it, as SUMMARY read it.
  SELECT DISTINCT ON (game_id) game_id, substring(body from '(?n)is over\. (.*)') AS reason
  FROM game_notices
  WHERE subject = 'Game over' OR subject LIKE 'Victory: %'
  ORDER BY game_id, id DESC
) AS told
WHERE games.id = told.game_id AND games.status = 'completed' AND games.ending IS NULL AND told.reason <> '';
