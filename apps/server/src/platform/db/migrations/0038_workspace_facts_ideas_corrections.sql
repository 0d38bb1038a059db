-- Knowledge facts, knowledge corrections and writer ideas belong to a workspace (issue 40, decision 044):
-- facts and corrections are the workspace's (its people read them, those who may write add to them), a
-- writer idea stays its maker's, in the workspace it was made in. Backfill: every row to its user's personal
-- workspace (never a team's: that guess would show a personal note to a team); a row whose account has no
-- personal workspace yet stays without one and counts as that personal workspace (access.ts inWorkspaceOf).
ALTER TABLE "site_facts" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "site_facts" ADD CONSTRAINT "site_facts_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "site_facts" SET "workspace_id" = md5('personal:' || "user_id")
  WHERE EXISTS (SELECT 1 FROM "organizations" o WHERE o."id" = md5('personal:' || "site_facts"."user_id"));--> statement-breakpoint
DROP INDEX IF EXISTS "site_facts_user_site_version_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "site_facts_workspace_site_version_idx" ON "site_facts" USING btree ("workspace_id","site","version");--> statement-breakpoint
CREATE INDEX "site_facts_user_site_idx" ON "site_facts" USING btree ("user_id","site");--> statement-breakpoint
ALTER TABLE "writer_ideas" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "writer_ideas" ADD CONSTRAINT "writer_ideas_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "writer_ideas" SET "workspace_id" = md5('personal:' || "user_id")
  WHERE EXISTS (SELECT 1 FROM "organizations" o WHERE o."id" = md5('personal:' || "writer_ideas"."user_id"));--> statement-breakpoint
ALTER TABLE "knowledge_corrections" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "knowledge_corrections" ADD CONSTRAINT "knowledge_corrections_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "knowledge_corrections" SET "workspace_id" = md5('personal:' || "user_id")
  WHERE EXISTS (SELECT 1 FROM "organizations" o WHERE o."id" = md5('personal:' || "knowledge_corrections"."user_id"));
