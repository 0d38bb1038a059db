CREATE TABLE "site_indexnow_keys" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_indexnow_keys" ADD CONSTRAINT "site_indexnow_keys_site_id_tracked_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."tracked_sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "indexnow_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"crawl_id" uuid,
	"count" integer NOT NULL,
	"status" integer,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "indexnow_submissions" ADD CONSTRAINT "indexnow_submissions_site_id_tracked_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."tracked_sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "indexnow_submissions_site_idx" ON "indexnow_submissions" USING btree ("site_id","created_at");
