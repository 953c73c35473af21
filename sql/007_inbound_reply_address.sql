-- The hourly limit counts every address a reply goes to, not only the From: a mail with a forged
-- From and `Reply-To: victim` counts against the victim's hour too, so a stranger cannot make the
-- judge write to one address without end by varying the From.
ALTER TABLE inbound_mail ADD COLUMN reply_address text;
CREATE INDEX inbound_mail_reply_address_idx ON inbound_mail (reply_address, received_at);
