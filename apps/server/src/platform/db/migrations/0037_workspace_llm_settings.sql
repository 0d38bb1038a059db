-- AI-presence settings belong to a workspace (issue 40, decision 044): one row per workspace and domain,
-- read by its people, changed by its owners and admins. `user_id` now only says who changed them last.
-- Backfill: a user's row goes to their personal workspace, and is copied to each team workspace where
-- they follow a tracked site of that domain (the site's settings were its follower's, shown to that team
-- already; nothing becomes visible that was not). A row whose account has no personal workspace yet stays
-- without one and counts as that personal workspace (settings.ts), as tasks do after 0034.
ALTER TABLE "llm_settings" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "llm_settings" ADD CONSTRAINT "llm_settings_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_settings" DROP CONSTRAINT IF EXISTS "llm_settings_user_id_fkey";--> statement-breakpoint
ALTER TABLE "llm_settings" DROP CONSTRAINT IF EXISTS "llm_settings_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "llm_settings" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "llm_settings" ADD CONSTRAINT "llm_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP INDEX IF EXISTS "llm_settings_user_domain_idx";--> statement-breakpoint
INSERT INTO "llm_settings" ("workspace_id", "user_id", "domain", "brand", "aliases", "competitors", "prompts", "updated_at")
  SELECT DISTINCT ON (s."workspace_id", l."domain") s."workspace_id", l."user_id", l."domain", l."brand", l."aliases", l."competitors", l."prompts", l."updated_at"
  FROM "llm_settings" l JOIN "tracked_sites" s ON s."user_id" = l."user_id"
    AND regexp_replace(lower(substring(s."url" from '^[a-zA-Z]+://([^/:?#]+)')), '^www\.', '') = l."domain"
  WHERE l."workspace_id" IS NULL AND s."workspace_id" <> md5('personal:' || l."user_id")
  ORDER BY s."workspace_id", l."domain", l."updated_at" DESC;--> statement-breakpoint
UPDATE "llm_settings" SET "workspace_id" = md5('personal:' || "user_id")
  WHERE "workspace_id" IS NULL
    AND EXISTS (SELECT 1 FROM "organizations" o WHERE o."id" = md5('personal:' || "llm_settings"."user_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "llm_settings_workspace_domain_idx" ON "llm_settings" USING btree ("workspace_id","domain");--> statement-breakpoint
CREATE INDEX "llm_settings_user_domain_idx" ON "llm_settings" USING btree ("user_id","domain");
