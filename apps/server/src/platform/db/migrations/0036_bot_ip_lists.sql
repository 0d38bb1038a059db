-- The operators' published IP lists as the server last fetched them (issue 42): the scheduled refresh
-- (features/bot-logs/ranges.ts) writes one row per list; a list never fetched has no row and the copy
-- shipped with the code is used. `body` is the operator's JSON, `retrieved_at` when it was fetched,
-- `checked_at`/`error` the last attempt ('' when it went well).
CREATE TABLE IF NOT EXISTS "bot_ip_lists" (
	"name" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"body" jsonb,
	"prefixes" integer,
	"retrieved_at" timestamp with time zone,
	"checked_at" timestamp with time zone NOT NULL,
	"error" text NOT NULL DEFAULT ''
);
