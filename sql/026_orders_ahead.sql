-- Orders ahead (issue 30): njudge's PHASE blocks, a power's orders for a later phase with their
-- IF … ELSE … ENDIF conditions, stored as the judge read them (src/judge/diplomacy/orders-ahead-format.ts).
-- One row per game, power and phase: a later mail for that phase replaces it, PHASE … CLEAR deletes it,
-- and it is deleted when the phase begins (its orders then become the power's orders for the phase).
CREATE TABLE orders_ahead (
  game_id     integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  power       text NOT NULL,
  phase_id    text NOT NULL,
  steps       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, power, phase_id)
);
