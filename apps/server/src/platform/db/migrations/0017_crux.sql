CREATE TABLE "crux_cache" (
	"url" text NOT NULL,
	"form_factor" text NOT NULL,
	"day" date NOT NULL,
	"record" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crux_cache_url_form_factor_day_pk" PRIMARY KEY("url","form_factor","day")
);
--> statement-breakpoint
CREATE TABLE "crux_quota" (
	"minute" bigint PRIMARY KEY NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
