-- Game kinds (issue 27): a game is Diplomacy or another kind the judge hosts (src/judge/kinds/).
--   kind        which kind's rules the game follows; every game before this migration is Diplomacy
--   kind_state  a kind's whole state as one value, loaded with the game's row and saved with it
--               (null for Diplomacy, whose position, seats and orders have tables of their own)
ALTER TABLE games ADD COLUMN kind text NOT NULL DEFAULT 'diplomacy' CHECK (kind ~ '^[a-z][a-z0-9-]*$');
ALTER TABLE games ADD COLUMN kind_state jsonb;
