-- PROMOTE (njudge, DPjudge): a game may have several Masters, each a seat of role 'master' with its
-- own address and password; one address is a game's Master once. The last Master cannot step down
-- (src/judge/masters.ts), so a game in play is never left without one.
DROP INDEX seats_game_master_key;
CREATE UNIQUE INDEX seats_game_master_address_key ON seats (game_id, lower(address)) WHERE role = 'master' AND left_at IS NULL;
