-- njudge's early processing (UPDATE_PROCESS): once every order is in, a phase is processed
-- `delay` after the last complete set, never before `start` (the phase's start plus `min`).
--   process_start_at       the earliest the current phase may be processed (njudge `start`)
--   process_delay_minutes  the wait after the last complete orders (njudge `delay`)
--   process_at             when the current phase is due to be processed now that every order is
--                          in (a 'process' job waits for it); NULL while none is pending
-- NULL start and delay (games begun before this migration) fall back to the game's timing.
ALTER TABLE games ADD COLUMN process_start_at timestamptz;
ALTER TABLE games ADD COLUMN process_delay_minutes double precision;
ALTER TABLE games ADD COLUMN process_at timestamptz;
ALTER TABLE games ADD CONSTRAINT games_process_delay_not_negative CHECK (process_delay_minutes IS NULL OR process_delay_minutes >= 0);
