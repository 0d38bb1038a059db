CREATE TABLE "bot_log_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"site_url" text NOT NULL,
	"host" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_log_analyses" ADD CONSTRAINT "bot_log_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "bot_log_analyses_user_host_idx" ON "bot_log_analyses" USING btree ("user_id","host","created_at");
--> statement-breakpoint
CREATE TABLE "bot_log_pages" (
	"analysis_id" uuid NOT NULL,
	"path" text NOT NULL,
	"hits" integer NOT NULL,
	"bots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "bot_log_pages_analysis_id_path_pk" PRIMARY KEY("analysis_id","path")
);
--> statement-breakpoint
ALTER TABLE "bot_log_pages" ADD CONSTRAINT "bot_log_pages_analysis_id_bot_log_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."bot_log_analyses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "bot_log_pages_hits_idx" ON "bot_log_pages" USING btree ("analysis_id","hits");
