-- Near duplicates decided by each page's shingle sketch (issue #28, decision 020): the main text's 1,024
-- smallest word 5-gram hashes (little-endian uint32), read for the LSH candidates only. NULL in older crawls
-- (their candidates keep the MinHash estimate) and for pages without text.
ALTER TABLE "site_crawl_pages" ADD COLUMN IF NOT EXISTS "sketch" bytea;
