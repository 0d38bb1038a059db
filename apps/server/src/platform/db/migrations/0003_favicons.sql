CREATE TABLE "favicons" (
	"origin" text PRIMARY KEY NOT NULL,
	"content_type" text,
	"data" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
