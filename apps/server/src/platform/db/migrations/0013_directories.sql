-- Local directories (issue #17): the install-wide request clock of rate-limited providers (Nominatim's
-- public policy: at most one request per second for the whole application) and their answer cache.
CREATE TABLE "directory_rate_slots" (
	"provider" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "directory_rate_slots" ("provider", "next_at") VALUES ('nominatim', now()) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE "directory_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
