ALTER TABLE "tasks" ADD COLUMN "input" jsonb;
