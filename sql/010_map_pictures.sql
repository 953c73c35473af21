-- Map pictures in mail: files sent with an outbox row (the results mail's map, a MAP reply), and each
-- seat holder's choice to get the picture with results (SET MAP OFF / ON).
--   outbox.attachments   [{"filename", "contentType", "content" (base64), "inline"}], [] for plain text
--   seats.map_pictures   false after SET MAP OFF: results come as text alone
ALTER TABLE outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
ALTER TABLE outbox ADD CONSTRAINT outbox_attachments_array CHECK (jsonb_typeof(attachments) = 'array');
ALTER TABLE seats ADD COLUMN map_pictures boolean NOT NULL DEFAULT true;
