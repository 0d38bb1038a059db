ALTER TABLE "indexnow_submissions" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "indexnow_submissions" ADD COLUMN "next_attempt_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "site_sitemap_urls" (
	"site_id" uuid NOT NULL,
	"url" text NOT NULL,
	"lastmod" text,
	CONSTRAINT "site_sitemap_urls_site_id_url_pk" PRIMARY KEY("site_id","url")
);
--> statement-breakpoint
ALTER TABLE "site_sitemap_urls" ADD CONSTRAINT "site_sitemap_urls_site_id_tracked_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."tracked_sites"("id") ON DELETE cascade ON UPDATE no action;
