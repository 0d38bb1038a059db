-- Google's AI answers over time (issue 43 item 3): a tracked site's keywords checked at each of its
-- scheduled runs, once someone in its workspace confirmed what a check costs. A run made for a tracked site
-- names it, and keeps what changed since the site's previous check (citations lost and gained).
CREATE TABLE IF NOT EXISTS "ai_overview_tracking" (
	"site_id" uuid PRIMARY KEY NOT NULL REFERENCES "tracked_sites"("id") ON DELETE CASCADE,
	"workspace_id" text NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL,
	"competitors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locations" jsonb NOT NULL,
	"devices" jsonb NOT NULL,
	"surfaces" jsonb NOT NULL,
	"max_cost" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "ai_overview_runs" ADD COLUMN IF NOT EXISTS "site_id" uuid REFERENCES "tracked_sites"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "ai_overview_runs" ADD COLUMN IF NOT EXISTS "changes" jsonb;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ai_overview_runs_site_idx" ON "ai_overview_runs" ("site_id","created_at");
