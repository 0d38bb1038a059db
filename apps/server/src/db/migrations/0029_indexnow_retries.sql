ALTER TABLE "indexnow_submissions" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "indexnow_submissions" ADD COLUMN "next_attempt_at" timestamp with time zone;
