-- Keyword research (issue #16): autocomplete answers shared by every worker process for 24 h.
CREATE TABLE IF NOT EXISTS "keyword_cache" (
  "key" text PRIMARY KEY NOT NULL,
  "value" jsonb NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "keyword_cache_expires_at_idx" ON "keyword_cache" ("expires_at");
