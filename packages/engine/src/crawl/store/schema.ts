// The crawl tables as `farol crawl --store` creates them in its PGlite database: the final shape of the
// server's migrations 0014, 0016, 0023, 0024, 0026 and 0030 (apps/server/src/platform/db/migrations), which stay the server's
// history. A server test (store-schema.test.ts) compares the two column by column and index by index, so a
// new migration of these tables fails it until this follows.
export const CRAWL_TABLES_SQL = `
CREATE TABLE IF NOT EXISTS "site_crawls" (
  "id" uuid PRIMARY KEY NOT NULL,
  "user_id" text,
  "start_url" text NOT NULL,
  "max_pages" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  "done_pages" integer DEFAULT 0 NOT NULL,
  "queued_urls" integer DEFAULT 0 NOT NULL
);
CREATE INDEX IF NOT EXISTS "site_crawls_user_created_idx" ON "site_crawls" ("user_id", "created_at");
CREATE INDEX IF NOT EXISTS "site_crawls_user_start_idx" ON "site_crawls" ("user_id", "start_url", "finished_at");
CREATE TABLE IF NOT EXISTS "site_crawl_urls" (
  "crawl_id" uuid NOT NULL,
  "url" text NOT NULL,
  "seq" bigserial NOT NULL,
  "depth" integer,
  "source" text NOT NULL,
  "state" text DEFAULT 'pending' NOT NULL,
  "lease_until" timestamp with time zone,
  "page" jsonb,
  CONSTRAINT "site_crawl_urls_pk" PRIMARY KEY ("crawl_id", "url")
);
CREATE INDEX IF NOT EXISTS "site_crawl_urls_queue_idx" ON "site_crawl_urls" ("crawl_id", "state", "depth", "seq");
CREATE TABLE IF NOT EXISTS "site_crawl_sitemap" (
  "crawl_id" uuid NOT NULL,
  "url" text NOT NULL,
  CONSTRAINT "site_crawl_sitemap_pk" PRIMARY KEY ("crawl_id", "url")
);
CREATE TABLE IF NOT EXISTS "site_crawl_pages" (
  "crawl_id" uuid NOT NULL,
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
  "invalid_canonical" text,
  "word_count" integer DEFAULT 0 NOT NULL,
  "bytes" integer DEFAULT 0 NOT NULL,
  "first_byte_ms" integer,
  "total_ms" integer,
  "indexable" boolean DEFAULT false NOT NULL,
  "fetched_at" timestamp with time zone NOT NULL,
  "outlinks" integer DEFAULT 0 NOT NULL,
  "signature" bytea,
  "h1_count" integer,
  "lang" text,
  "images_without_alt" integer,
  "insecure_resources" integer,
  "viewport" text,
  "problems" jsonb,
  "render" jsonb,
  "sketch" bytea,
  CONSTRAINT "site_crawl_pages_pk" PRIMARY KEY ("crawl_id", "url")
);
CREATE INDEX IF NOT EXISTS "site_crawl_pages_id_idx" ON "site_crawl_pages" ("crawl_id", "id");
CREATE TABLE IF NOT EXISTS "site_crawl_scores" (
  "crawl_id" uuid NOT NULL,
  "page_id" bigint NOT NULL,
  "inlinks" integer,
  "link_score" integer,
  CONSTRAINT "site_crawl_scores_pk" PRIMARY KEY ("crawl_id", "page_id")
);
CREATE TABLE IF NOT EXISTS "site_crawl_links" (
  "crawl_id" uuid NOT NULL,
  "source" text NOT NULL,
  "target" text NOT NULL,
  "anchor" text NOT NULL,
  "nofollow" boolean NOT NULL,
  "followed" boolean NOT NULL,
  "internal" boolean NOT NULL,
  CONSTRAINT "site_crawl_links_pk" PRIMARY KEY ("crawl_id", "source", "target")
);
CREATE INDEX IF NOT EXISTS "site_crawl_links_target_idx" ON "site_crawl_links" ("crawl_id", "target");
CREATE TABLE IF NOT EXISTS "site_crawl_edges" (
  "crawl_id" uuid NOT NULL,
  "source" text NOT NULL,
  "kind" text NOT NULL,
  "target" text NOT NULL,
  "lang" text DEFAULT '' NOT NULL,
  CONSTRAINT "site_crawl_edges_pk" PRIMARY KEY ("crawl_id", "kind", "source", "target", "lang")
);
CREATE TABLE IF NOT EXISTS "site_crawl_issues" (
  "crawl_id" uuid NOT NULL,
  "type" text NOT NULL,
  "severity" text NOT NULL,
  "url" text NOT NULL,
  "detail" jsonb,
  CONSTRAINT "site_crawl_issues_pk" PRIMARY KEY ("crawl_id", "type", "url")
);
CREATE INDEX IF NOT EXISTS "site_crawl_issues_url_idx" ON "site_crawl_issues" ("crawl_id", "url");
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns
      WHERE table_name = 'site_crawls' AND column_name = 'queued_urls') THEN
    ALTER TABLE "site_crawls" ADD COLUMN "queued_urls" integer DEFAULT 0 NOT NULL;
    UPDATE "site_crawls" c SET "queued_urls" = (SELECT count(*) FROM "site_crawl_urls" u WHERE u."crawl_id" = c."id");
  END IF;
END $$;
ALTER TABLE "site_crawl_urls" DROP CONSTRAINT IF EXISTS "site_crawl_urls_crawl_id_fkey";
ALTER TABLE "site_crawl_sitemap" DROP CONSTRAINT IF EXISTS "site_crawl_sitemap_crawl_id_fkey";
ALTER TABLE "site_crawl_pages" DROP CONSTRAINT IF EXISTS "site_crawl_pages_crawl_id_fkey";
ALTER TABLE "site_crawl_links" DROP CONSTRAINT IF EXISTS "site_crawl_links_crawl_id_fkey";
ALTER TABLE "site_crawl_edges" DROP CONSTRAINT IF EXISTS "site_crawl_edges_crawl_id_fkey";
ALTER TABLE "site_crawl_issues" DROP CONSTRAINT IF EXISTS "site_crawl_issues_crawl_id_fkey";
ALTER TABLE "site_crawl_scores" DROP CONSTRAINT IF EXISTS "site_crawl_scores_crawl_id_fkey";
`

/** The crawl tables' names (the schema test and the store's size read them). */
export const CRAWL_TABLES = [
  'site_crawls',
  'site_crawl_urls',
  'site_crawl_sitemap',
  'site_crawl_pages',
  'site_crawl_scores',
  'site_crawl_links',
  'site_crawl_edges',
  'site_crawl_issues',
] as const
