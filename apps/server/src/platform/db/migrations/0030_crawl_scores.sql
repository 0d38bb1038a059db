-- Link scores and inlink counts in a narrow table of their own (issue #28, decision 033): written once at
-- the crawl's end by one INSERT per chunk, where an UPDATE of site_crawl_pages rewrote every wide row (with
-- its index entries): 10-50 s of the end of a 100,000-200,000-page crawl. Readers join it by page id.
CREATE TABLE IF NOT EXISTS "site_crawl_scores" (
  "crawl_id" uuid NOT NULL REFERENCES "site_crawls"("id") ON DELETE CASCADE,
  "page_id" bigint NOT NULL,
  "inlinks" integer,
  "link_score" integer,
  CONSTRAINT "site_crawl_scores_pk" PRIMARY KEY ("crawl_id", "page_id")
);
--> statement-breakpoint
INSERT INTO "site_crawl_scores" ("crawl_id", "page_id", "inlinks", "link_score")
  SELECT "crawl_id", "id", "inlinks", "link_score" FROM "site_crawl_pages"
  WHERE "inlinks" IS NOT NULL OR "link_score" IS NOT NULL
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "site_crawl_pages" DROP COLUMN IF EXISTS "inlinks";
--> statement-breakpoint
ALTER TABLE "site_crawl_pages" DROP COLUMN IF EXISTS "link_score";
