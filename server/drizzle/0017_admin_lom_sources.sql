ALTER TABLE "lom_sources" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "lom_sources" ADD COLUMN "probable_lom_score" real;--> statement-breakpoint
ALTER TABLE "lom_sources" ADD COLUMN "probable_lom_reason" text;--> statement-breakpoint
-- The account name of existing accounts: the author name of their latest message (docs/admin-loms.md).
UPDATE "lom_sources" ls SET "account_name" = m.lom_name
  FROM (
    SELECT DISTINCT ON (lom_source_id) lom_source_id, lom_name
      FROM messages
     WHERE lom_source_id IS NOT NULL AND lom_name IS NOT NULL AND lom_name <> ''
     ORDER BY lom_source_id, wrote_at DESC
  ) m
 WHERE m.lom_source_id = ls.id;
