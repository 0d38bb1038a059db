CREATE TABLE "tracked_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracked_sites" ADD CONSTRAINT "tracked_sites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_sites_user_url_idx" ON "tracked_sites" USING btree ("user_id","url");
--> statement-breakpoint
CREATE TABLE "site_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"task_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scores" jsonb,
	"snapshot" jsonb,
	"alerts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_code" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_runs" ADD CONSTRAINT "site_runs_site_id_tracked_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."tracked_sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "site_runs_site_started_idx" ON "site_runs" USING btree ("site_id","started_at");
--> statement-breakpoint
CREATE TABLE "site_keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_keywords" ADD CONSTRAINT "site_keywords_site_id_tracked_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."tracked_sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "site_keywords_site_keyword_idx" ON "site_keywords" USING btree ("site_id","keyword");
--> statement-breakpoint
CREATE TABLE "keyword_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"keyword_id" uuid NOT NULL,
	"run_id" uuid,
	"source" text NOT NULL,
	"position" real,
	"clicks" integer,
	"impressions" integer,
	"ctr" real,
	"url" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keyword_positions" ADD CONSTRAINT "keyword_positions_keyword_id_site_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."site_keywords"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "keyword_positions" ADD CONSTRAINT "keyword_positions_run_id_site_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."site_runs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "keyword_positions_keyword_at_idx" ON "keyword_positions" USING btree ("keyword_id","at");
