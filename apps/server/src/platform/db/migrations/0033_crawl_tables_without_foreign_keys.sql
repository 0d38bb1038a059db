-- The crawl tables' rows no longer check their crawl's row on every insert (decision 035): at 3,000 pages
-- a second that was a trigger, a lookup and a row lock per link, URL and issue. A crawl's rows are written
-- only by its frontier and its end, after its site_crawls row exists, and are deleted with it by
-- deleteCrawls (engine crawl/store/store.ts), which replaces ON DELETE CASCADE.
ALTER TABLE "site_crawl_urls" DROP CONSTRAINT IF EXISTS "site_crawl_urls_crawl_id_fkey";--> statement-breakpoint
ALTER TABLE "site_crawl_sitemap" DROP CONSTRAINT IF EXISTS "site_crawl_sitemap_crawl_id_fkey";--> statement-breakpoint
ALTER TABLE "site_crawl_pages" DROP CONSTRAINT IF EXISTS "site_crawl_pages_crawl_id_fkey";--> statement-breakpoint
ALTER TABLE "site_crawl_links" DROP CONSTRAINT IF EXISTS "site_crawl_links_crawl_id_fkey";--> statement-breakpoint
ALTER TABLE "site_crawl_edges" DROP CONSTRAINT IF EXISTS "site_crawl_edges_crawl_id_fkey";--> statement-breakpoint
ALTER TABLE "site_crawl_issues" DROP CONSTRAINT IF EXISTS "site_crawl_issues_crawl_id_fkey";--> statement-breakpoint
ALTER TABLE "site_crawl_scores" DROP CONSTRAINT IF EXISTS "site_crawl_scores_crawl_id_fkey";
