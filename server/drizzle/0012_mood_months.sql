CREATE TABLE "message_mood_months" (
	"month" date NOT NULL,
	"mood" smallint,
	"verified" boolean NOT NULL,
	"verified_by_super_editor" boolean NOT NULL,
	"archived" boolean NOT NULL,
	"delayed" boolean NOT NULL,
	"trash" boolean NOT NULL,
	"message_count" integer NOT NULL,
	"si_sum" double precision NOT NULL,
	"views_sum" bigint NOT NULL,
	"reposts_sum" bigint NOT NULL,
	"loms" bit varying NOT NULL,
	CONSTRAINT "message_mood_months_key" UNIQUE NULLS NOT DISTINCT("month","mood","verified","verified_by_super_editor","archived","delayed","trash")
);
--> statement-breakpoint
-- message_mood_months (issue 14): the mood cells merged by calendar month, so that a year's mood
-- table ORs about 12 bitmaps per cell, plus its edge weeks and days, instead of 52 weeks'.
-- The lom bitmaps of every cell table are compressed with lz4 where the server was built with
-- it: reading a year's cells spent about 40 % of its time in pglz decompression (lz4: a third of
-- that). New values take it; existing ones when next written. The embedded database may lack lz4:
-- then pglz stays.
DO $$
BEGIN
  ALTER TABLE message_mood_months ALTER COLUMN loms SET COMPRESSION lz4;
  ALTER TABLE message_mood_weeks ALTER COLUMN loms SET COMPRESSION lz4;
  ALTER TABLE message_mood_days ALTER COLUMN loms SET COMPRESSION lz4;
  ALTER TABLE theme_mood_days ALTER COLUMN loms SET COMPRESSION lz4;
  ALTER TABLE theme_regional_days ALTER COLUMN loms SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 is not available: the lom bitmaps stay compressed with pglz';
END $$;
--> statement-breakpoint
-- message_mood_months from message_mood_days in one pass (bulk loads, after message_read_rollups_rebuild()).
CREATE FUNCTION message_mood_months_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM message_mood_months;
  INSERT INTO message_mood_months (month, mood, verified, verified_by_super_editor, archived, delayed, trash,
                                   message_count, si_sum, views_sum, reposts_sum, loms)
  SELECT date_trunc('month', day::timestamp)::date, mood, verified, verified_by_super_editor, archived, delayed, trash,
         sum(message_count), sum(si_sum), sum(views_sum), sum(reposts_sum), rollup_bits_or_agg(loms)
    FROM message_mood_days
   GROUP BY 1, 2, 3, 4, 5, 6, 7
   ORDER BY 1;
END $$;
--> statement-breakpoint
-- The deltas of one write statement on messages (message_rollup_delta_of), by month; as
-- message_mood_weeks in message_rollups_apply: a lom's bit goes when no message of the lom is left
-- in the month's cell. Runs after message_rollups_apply, before theme_regional_days_apply, so
-- every writer takes the cells of the rollups in one order.
CREATE FUNCTION message_mood_months_apply(deltas message_rollup_delta[]) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  emptied tid[];
  width integer;
BEGIN
  IF deltas IS NULL OR cardinality(deltas) = 0 THEN
    RETURN;
  END IF;
  width := (SELECT (coalesce(max(id), 0) / 1024 + 1) * 1024 FROM loms);
  WITH up AS (
    INSERT INTO message_mood_months AS t (month, mood, verified, verified_by_super_editor, archived, delayed, trash, message_count, si_sum, views_sum, reposts_sum, loms)
    SELECT date_trunc('month', d.day::timestamp)::date, d.mood, d.verified, d.verified_by_super_editor, d.archived, d.delayed, d.trash,
           sum(d.sign),
           sum(d.sign * d.si),
           sum(d.sign * d.views),
           sum(d.sign * d.reposts),
           rollup_bits_of(array_agg(d.lom_id) FILTER (WHERE d.sign > 0 AND d.lom_id IS NOT NULL), width)
      FROM unnest(deltas) AS d
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.si) <> 0 OR sum(d.sign * d.views) <> 0 OR sum(d.sign * d.reposts) <> 0
        OR array_agg(d.lom_id ORDER BY d.lom_id) FILTER (WHERE d.sign > 0 AND d.lom_id IS NOT NULL)
           IS DISTINCT FROM array_agg(d.lom_id ORDER BY d.lom_id) FILTER (WHERE d.sign < 0 AND d.lom_id IS NOT NULL)
     ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT message_mood_months_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      loms = rollup_bits_or(t.loms, excluded.loms)
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM message_mood_months WHERE ctid = ANY (emptied);
  END IF;
  UPDATE message_mood_months t SET loms = rollup_bits_clear(t.loms, c.mask)
    FROM (SELECT r.month, r.mood, r.verified, r.verified_by_super_editor, r.archived, r.delayed, r.trash, rollup_bits_of(array_agg(r.lom_id)) AS mask
            FROM (SELECT DISTINCT date_trunc('month', d.day::timestamp)::date AS month, d.mood, d.verified, d.verified_by_super_editor, d.archived, d.delayed, d.trash, d.lom_id
                    FROM unnest(deltas) AS d WHERE d.sign < 0 AND d.lom_id IS NOT NULL) r
           WHERE NOT EXISTS (
                   SELECT 1 FROM messages m
                    WHERE m.lom_id = r.lom_id
                      AND m.wrote_at >= (r.month::timestamp AT TIME ZONE 'Europe/Moscow')
                      AND m.wrote_at < ((r.month + interval '1 month')::timestamp AT TIME ZONE 'Europe/Moscow')
                      AND m.mood IS NOT DISTINCT FROM r.mood
                      AND m.verified IS NOT DISTINCT FROM r.verified
                      AND m.verified_by_super_editor IS NOT DISTINCT FROM r.verified_by_super_editor
                      AND m.archived IS NOT DISTINCT FROM r.archived
                      AND m.delayed IS NOT DISTINCT FROM r.delayed
                      AND m.trash IS NOT DISTINCT FROM r.trash)
           GROUP BY 1, 2, 3, 4, 5, 6, 7) c
   WHERE t.month = c.month
     AND t.mood IS NOT DISTINCT FROM c.mood
     AND t.verified = c.verified
     AND t.verified_by_super_editor = c.verified_by_super_editor
     AND t.archived = c.archived
     AND t.delayed = c.delayed
     AND t.trash = c.trash;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_insert() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  deltas message_rollup_delta[];
BEGIN
  deltas := (SELECT array_agg(message_rollup_delta_of(1, n)) FROM new_rows n);
  PERFORM message_rollups_apply(deltas);
  PERFORM message_mood_months_apply(deltas);
  PERFORM theme_regional_days_apply(deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_delete() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  deltas message_rollup_delta[];
BEGIN
  deltas := (SELECT array_agg(message_rollup_delta_of(-1, o)) FROM old_rows o);
  PERFORM message_rollups_apply(deltas);
  PERFORM message_mood_months_apply(deltas);
  PERFORM theme_regional_days_apply(deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_update() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  deltas message_rollup_delta[];
BEGIN
  deltas := (
    SELECT array_agg(x.delta)
      FROM old_rows o
      JOIN new_rows n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES (message_rollup_delta_of(-1, o)), (message_rollup_delta_of(1, n))) AS x(delta)
     WHERE message_rollup_delta_of(1, o) IS DISTINCT FROM message_rollup_delta_of(1, n));
  PERFORM message_rollups_apply(deltas);
  PERFORM message_mood_months_apply(deltas);
  PERFORM theme_regional_days_apply(deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_day_counts;
  DELETE FROM message_mood_days;
  DELETE FROM message_mood_weeks;
  DELETE FROM message_mood_months;
  DELETE FROM theme_mood_days;
  DELETE FROM theme_regional_days;
  DELETE FROM lom_day_stats;
  DELETE FROM lom_week_stats;
  DELETE FROM message_daily_stats;
  DELETE FROM theme_day_stats;
  DELETE FROM lom_period_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A database that already holds messages gets its month cells now.
SELECT message_mood_months_rebuild();
