-- PROPOSE_DIAS games: one open proposal per game (a draw of all survivors, or a concession to
-- one power), and each seat's answer to it.
ALTER TABLE games ADD COLUMN proposal text;
ALTER TABLE games ADD CONSTRAINT games_proposal_format CHECK (proposal IS NULL OR proposal = 'DIAS' OR proposal = upper(proposal));
ALTER TABLE seats ADD COLUMN proposal_vote boolean;
