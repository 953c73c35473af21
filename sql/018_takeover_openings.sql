-- LIST shows, beside the forming games, the games in play with a power open for TAKEOVER (its
-- player resigned, abandoned it or let it fall into civil disorder): the open seats are read by
-- their status through this index, then each seat's game by its key, never all the games.
CREATE INDEX seats_power_status_idx ON seats (status, game_id) WHERE role = 'power' AND left_at IS NULL;
