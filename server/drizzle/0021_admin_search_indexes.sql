-- pg_trgm: the admin lists search accounts and loms by substring (ilike '%…%') through trigram indexes
-- (docs/admin-loms.md). A trusted extension since PostgreSQL 13: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "lom_sources_url_trgm_idx" ON "lom_sources" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lom_sources_account_name_trgm_idx" ON "lom_sources" USING gin ("account_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loms_name_order_idx" ON "loms" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "loms_name_trgm_idx" ON "loms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loms_nickname_trgm_idx" ON "loms" USING gin ("nickname" gin_trgm_ops);