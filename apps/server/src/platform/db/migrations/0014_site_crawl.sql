-- Site crawl (issue #18): the crawl frontier and its rows live in the database, so a crawl killed
-- mid-way resumes where it stopped and several worker processes can share one crawl.
CREATE TABLE IF NOT EXISTS "site_crawls" (
  "id" uuid PRIMARY KEY NOT NULL,
  "user_id" text,
  "start_url" text NOT NULL,
  "max_pages" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_crawls_user_created_idx" ON "site_crawls" ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "site_crawl_urls" (
  "crawl_id" uuid NOT NULL REFERENCES "site_crawls"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "seq" bigserial NOT NULL,
  "depth" integer,
  "source" text NOT NULL,
  "state" text DEFAULT 'pending' NOT NULL,
  "lease_until" timestamp with time zone,
  "page" jsonb,
  CONSTRAINT "site_crawl_urls_pk" PRIMARY KEY ("crawl_id", "url")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_crawl_urls_queue_idx" ON "site_crawl_urls" ("crawl_id", "state", "depth", "seq");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "site_crawl_sitemap" (
  "crawl_id" uuid NOT NULL REFERENCES "site_crawls"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  CONSTRAINT "site_crawl_sitemap_pk" PRIMARY KEY ("crawl_id", "url")
);
