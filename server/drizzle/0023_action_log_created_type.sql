DROP INDEX "user_actions_created_idx";--> statement-breakpoint
CREATE INDEX "user_actions_created_type_idx" ON "user_actions" USING btree ("created_at","id","type");