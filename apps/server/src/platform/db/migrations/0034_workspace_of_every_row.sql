-- Every resource carries its workspace (issue 40, decision 044): analyses and their tasks, bot-log
-- analyses; a crawl through its task (same id: the crawl tables keep the engine store's shape, decision
-- 029). Nothing is shared across workspaces by host or by follower any more; access.ts reads these columns. Backfill: a task a monitoring run or a report started belongs to that site's or report's
-- workspace; any other task of an account to its personal workspace (never to a team's: a crawl made in a
-- personal workspace was shown to a team through its follower, which is the leak this closes).
ALTER TABLE "tasks" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_workspace_kind_created_idx" ON "tasks" USING btree ("workspace_id","kind","created_at");--> statement-breakpoint
UPDATE "tasks" t SET "workspace_id" = s."workspace_id" FROM "site_runs" r JOIN "tracked_sites" s ON s."id" = r."site_id"
  WHERE t."workspace_id" IS NULL AND EXISTS (SELECT 1 FROM jsonb_each_text(r."task_ids") e WHERE e.value = t."id"::text);--> statement-breakpoint
UPDATE "tasks" t SET "workspace_id" = r."workspace_id" FROM "reports" r
  WHERE t."workspace_id" IS NULL AND r."workspace_id" IS NOT NULL
    AND t."id" IN (r."desktop_task_id", r."mobile_task_id", r."ai_optimization_task_id");--> statement-breakpoint
UPDATE "tasks" SET "workspace_id" = md5('personal:' || "user_id")
  WHERE "workspace_id" IS NULL AND "user_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "organizations" o WHERE o."id" = md5('personal:' || "tasks"."user_id"));--> statement-breakpoint
ALTER TABLE "bot_log_analyses" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "bot_log_analyses" ADD CONSTRAINT "bot_log_analyses_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "bot_log_analyses" a SET "workspace_id" = s."workspace_id" FROM "bot_log_sources" b JOIN "tracked_sites" s ON s."id" = b."site_id"
  WHERE b."analysis_id" = a."id";--> statement-breakpoint
UPDATE "bot_log_analyses" SET "workspace_id" = md5('personal:' || "user_id")
  WHERE "workspace_id" IS NULL
    AND EXISTS (SELECT 1 FROM "organizations" o WHERE o."id" = md5('personal:' || "bot_log_analyses"."user_id"));--> statement-breakpoint
-- Who added a webhook, and who added each of a schedule's recipients: their departure takes them away.
ALTER TABLE "site_webhooks" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "site_webhooks" ADD CONSTRAINT "site_webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD COLUMN "added_by" jsonb DEFAULT '{}'::jsonb NOT NULL;
