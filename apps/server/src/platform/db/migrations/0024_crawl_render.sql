-- Rendered crawls (issue 30): each rendered page's raw HTML facts, render failure, script errors and
-- robots-blocked resources beside its rendered facts (the row's columns); NULL on raw crawls.
ALTER TABLE "site_crawl_pages" ADD COLUMN "render" jsonb;
