CREATE TABLE "task_lighthouse" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"device" text NOT NULL,
	"lhr" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"platform" text,
	"lang" text DEFAULT 'pt' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" jsonb DEFAULT '{"stage":"queued","percent":0}'::jsonb NOT NULL,
	"results" jsonb,
	"error_code" text,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"user_id" text,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "task_lighthouse" ADD CONSTRAINT "task_lighthouse_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_user_created_idx" ON "tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_ip_created_idx" ON "tasks" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "tasks_lookup_idx" ON "tasks" USING btree ("kind","url","platform","created_at");