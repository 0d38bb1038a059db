-- Scheduled reports mail the report's PDF as an attachment (issue 34, decision 030): the outbox row names
-- the stored file; the email worker reads it when it sends the message.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
