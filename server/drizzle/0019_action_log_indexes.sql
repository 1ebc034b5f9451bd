DROP INDEX "user_actions_created_idx";--> statement-breakpoint
DROP INDEX "user_actions_message_idx";--> statement-breakpoint
DROP INDEX "user_actions_theme_idx";--> statement-breakpoint
DROP INDEX "user_actions_info_reason_idx";--> statement-breakpoint
DROP INDEX "user_actions_user_idx";--> statement-breakpoint
CREATE INDEX "user_actions_lom_idx" ON "user_actions" USING btree ("lom_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_actions_type_idx" ON "user_actions" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "user_actions_action_idx" ON "user_actions" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "user_actions_created_idx" ON "user_actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_actions_message_idx" ON "user_actions" USING btree ("message_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_actions_theme_idx" ON "user_actions" USING btree ("theme_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_actions_info_reason_idx" ON "user_actions" USING btree ("info_reason_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_actions_user_idx" ON "user_actions" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- The live actions counter (docs/logs.md "The live counter"): every statement that adds to the log notifies the
-- channel `user_actions` once. NOTIFY is transactional: listeners hear it when the writing transaction commits,
-- and not at all when it rolls back; the same payload within one transaction is delivered once.
CREATE OR REPLACE FUNCTION user_actions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_actions', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER user_actions_notify AFTER INSERT ON "user_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION user_actions_notify();
