-- The hourly per-sender limit counts a sender's mail of the last hour on every inbound mail.
-- With only inbound_mail_received_idx that count reads every mail of the last hour from
-- everyone, so it grows with the judge's traffic; this index reads only the sender's own.
CREATE INDEX inbound_mail_sender_idx ON inbound_mail (from_address, received_at);
