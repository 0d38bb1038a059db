-- Scheduled reports make the period's own report (issue 34, decision 034): a report may carry the period it
-- summarises; a schedule's period row remembers that report and when its mail was queued (claimed, report
-- made, mailed: each step once across restarts and workers). Rows from before were mailed already.
ALTER TABLE "reports" ADD COLUMN IF NOT EXISTS "period" jsonb;--> statement-breakpoint
ALTER TABLE "report_schedule_sends" ADD COLUMN IF NOT EXISTS "report_id" uuid REFERENCES "reports"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "report_schedule_sends" ADD COLUMN IF NOT EXISTS "mailed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "report_schedule_sends" SET "mailed_at" = "sent_at" WHERE "mailed_at" IS NULL;
