-- The bytes of each mail the judge failed on, kept so the judgekeeper can judge it again
-- (`dipjudge mail retry`) once the fault is fixed; removed when a retry succeeds.
CREATE TABLE failed_mail (
  message_id           text PRIMARY KEY,
  raw                  bytea NOT NULL,
  kept_at              timestamptz NOT NULL DEFAULT now()
);
