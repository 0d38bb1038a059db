-- A crawl's URL count kept on its row (decision 035): the frontier's counts read it instead of counting
-- the pending URLs, which at 200,000 pages was a scan of most of the crawl four times a second.
ALTER TABLE "site_crawls" ADD COLUMN IF NOT EXISTS "queued_urls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "site_crawls" c SET "queued_urls" = (SELECT count(*) FROM "site_crawl_urls" u WHERE u."crawl_id" = c."id");
