-- Site crawl at scale (issue #28): a crawl's pages, links and canonical/hreflang edges in tables of their
-- own, written in batches as the crawl goes, so every site-wide check is a query and no process ever
-- holds the whole crawl. Issues are materialised per crawl for server-side paging and crawl comparison.
ALTER TABLE "site_crawls" ADD COLUMN IF NOT EXISTS "finished_at" timestamp with time zone;
--> statement-breakpoint
-- URLs done, kept by the frontier's flush (a lease reads it instead of counting the crawl's rows).
ALTER TABLE "site_crawls" ADD COLUMN IF NOT EXISTS "done_pages" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "site_crawls" c SET "done_pages" = (SELECT count(*) FROM "site_crawl_urls" u WHERE u."crawl_id" = c."id" AND u."state" = 'done');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_crawls_user_start_idx" ON "site_crawls" ("user_id", "start_url", "finished_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "site_crawl_pages" (
  "crawl_id" uuid NOT NULL REFERENCES "site_crawls"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "id" bigserial NOT NULL,
  "depth" integer,
  "source" text NOT NULL,
  "status" integer,
  "blocked" boolean DEFAULT false NOT NULL,
  "error" text,
  "redirect_to" text,
  "content_type" text,
  "title" text,
  "description" text,
  "h1" text,
  "canonical" text,
  "noindex" boolean DEFAULT false NOT NULL,
  "nofollow" boolean DEFAULT false NOT NULL,
  "content_hash" text,
  -- A canonical href that is not http(s) (file:, javascript:…): the canonical-invalid check.
  "invalid_canonical" text,
  "word_count" integer DEFAULT 0 NOT NULL,
  "bytes" integer DEFAULT 0 NOT NULL,
  "first_byte_ms" integer,
  "total_ms" integer,
  "indexable" boolean DEFAULT false NOT NULL,
  "fetched_at" timestamp with time zone NOT NULL,
  "outlinks" integer DEFAULT 0 NOT NULL,
  "inlinks" integer,
  "link_score" integer,
  -- Near-duplicate signature (MinHash: 128 little-endian uint32, the engine's encodeSignature decoded).
  "signature" bytea,
  CONSTRAINT "site_crawl_pages_pk" PRIMARY KEY ("crawl_id", "url")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_crawl_pages_id_idx" ON "site_crawl_pages" ("crawl_id", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "site_crawl_links" (
  "crawl_id" uuid NOT NULL REFERENCES "site_crawls"("id") ON DELETE CASCADE,
  "source" text NOT NULL,
  "target" text NOT NULL,
  "anchor" text NOT NULL,
  "nofollow" boolean NOT NULL,
  "followed" boolean NOT NULL,
  "internal" boolean NOT NULL,
  CONSTRAINT "site_crawl_links_pk" PRIMARY KEY ("crawl_id", "source", "target")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_crawl_links_target_idx" ON "site_crawl_links" ("crawl_id", "target");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "site_crawl_edges" (
  "crawl_id" uuid NOT NULL REFERENCES "site_crawls"("id") ON DELETE CASCADE,
  "source" text NOT NULL,
  "kind" text NOT NULL,
  "target" text NOT NULL,
  "lang" text DEFAULT '' NOT NULL,
  CONSTRAINT "site_crawl_edges_pk" PRIMARY KEY ("crawl_id", "kind", "source", "target", "lang")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "site_crawl_issues" (
  "crawl_id" uuid NOT NULL REFERENCES "site_crawls"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "severity" text NOT NULL,
  "url" text NOT NULL,
  "detail" jsonb,
  CONSTRAINT "site_crawl_issues_pk" PRIMARY KEY ("crawl_id", "type", "url")
);
