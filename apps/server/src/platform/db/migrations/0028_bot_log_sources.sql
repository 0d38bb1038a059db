-- Issue 32: a tracked site's log folder / S3 prefix read on a schedule, and what each read got to per file.
CREATE TABLE "bot_log_sources" (
	"site_id" uuid PRIMARY KEY NOT NULL REFERENCES "tracked_sites"("id") ON DELETE cascade,
	"folder" text,
	"s3_url" text,
	"analysis_id" uuid REFERENCES "bot_log_analyses"("id") ON DELETE set null,
	"last_read_at" timestamp with time zone,
	"last_error" text,
	"last_new_lines" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_log_seen_files" (
	"site_id" uuid NOT NULL REFERENCES "tracked_sites"("id") ON DELETE cascade,
	"source" text NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"version" text NOT NULL,
	"head_len" integer NOT NULL,
	"head_hash" text NOT NULL,
	"offset" bigint NOT NULL,
	CONSTRAINT "bot_log_seen_files_pk" PRIMARY KEY("site_id","source","key")
);
