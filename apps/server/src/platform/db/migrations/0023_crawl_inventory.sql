-- The crawl's inventory (issue #29): the on-page facts the page-level problems are judged on, kept per
-- page for the inventory's columns and a URL's detail, and the page's problems as the engine found them
-- (checks/on-page.ts: [{type, value?}]) so the site-wide issues of that kind are one unnest at the end.
ALTER TABLE "site_crawl_pages" ADD COLUMN IF NOT EXISTS "h1_count" integer;
--> statement-breakpoint
ALTER TABLE "site_crawl_pages" ADD COLUMN IF NOT EXISTS "lang" text;
--> statement-breakpoint
ALTER TABLE "site_crawl_pages" ADD COLUMN IF NOT EXISTS "images_without_alt" integer;
--> statement-breakpoint
ALTER TABLE "site_crawl_pages" ADD COLUMN IF NOT EXISTS "insecure_resources" integer;
--> statement-breakpoint
ALTER TABLE "site_crawl_pages" ADD COLUMN IF NOT EXISTS "viewport" text;
--> statement-breakpoint
ALTER TABLE "site_crawl_pages" ADD COLUMN IF NOT EXISTS "problems" jsonb;
--> statement-breakpoint
-- A URL's issues (its detail) and the inventory's "has this issue" filter read issues by URL.
CREATE INDEX IF NOT EXISTS "site_crawl_issues_url_idx" ON "site_crawl_issues" ("crawl_id", "url");
