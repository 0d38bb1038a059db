-- AI visibility (issue #14). Answers themselves are stored whole in the llm_presence task's results.
-- The install's daily call budget, shared by every worker process (FAROL_LLM_DAILY_CALLS).
CREATE TABLE "llm_daily_calls" (
  "day" date PRIMARY KEY NOT NULL,
  "calls" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A signed-in user's edits for one site (by domain): brand name and aliases, competitors, prompts.
CREATE TABLE "llm_settings" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "domain" text NOT NULL,
  "brand" text,
  "aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "competitors" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "prompts" jsonb,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "llm_settings_user_domain_idx" ON "llm_settings" USING btree ("user_id","domain");
