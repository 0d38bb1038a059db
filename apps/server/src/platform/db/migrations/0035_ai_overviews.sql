-- Google's AI Overviews and AI Mode (issue 43). One row per answer read from DataForSEO: a workspace's
-- keyword on one surface, place, language and device, on one UTC day. The unique key is the cache: a
-- second run the same day reads the row instead of paying for the call again; the days are the history.
CREATE TABLE IF NOT EXISTS "ai_overview_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"surface" text NOT NULL,
	"keyword" text NOT NULL,
	"location_code" integer NOT NULL,
	"language_code" text NOT NULL,
	"device" text NOT NULL,
	"day" date NOT NULL,
	"answer" jsonb NOT NULL,
	"cost" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ai_overview_answers_key_idx" ON "ai_overview_answers" ("workspace_id","surface","keyword","location_code","language_code","device","day");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ai_overview_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL,
	"task_id" uuid,
	"site" text NOT NULL,
	"request" jsonb NOT NULL,
	"estimate" jsonb NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"spent" double precision DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ai_overview_runs_workspace_idx" ON "ai_overview_runs" ("workspace_id","created_at");
