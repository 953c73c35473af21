-- Orders kept as the judge read them, beside the text the player wrote (lines, kept for the echo
-- and the history): {"version": 1, "orders": [{"text": "A Par - Bur", "order": {...}}, ...]},
-- one entry per order the lines were read as, each the engine's typed order. Readiness and
-- processing use these, so a parser change between submission and processing cannot re-read old
-- orders differently. NULL for rows written before this column existed, or by a judge whose
-- format version differs: those are read again from their lines.
ALTER TABLE orders ADD COLUMN parsed jsonb;
