CREATE TABLE "info_reason_mood_days" (
	"info_reason_id" integer NOT NULL,
	"day" date NOT NULL,
	"mood" smallint,
	"verified" boolean NOT NULL,
	"message_count" integer NOT NULL,
	"si_sum" double precision NOT NULL,
	"views_sum" bigint NOT NULL,
	"loms" bit varying NOT NULL,
	CONSTRAINT "info_reason_mood_days_key" UNIQUE NULLS NOT DISTINCT("day","info_reason_id","mood","verified")
);
--> statement-breakpoint
-- info_reason_mood_days (issue 15): theme_mood_days' cells per info reason (the primary markup's),
-- for the home page's info reasons table; kept by the triggers of messages by delta, after the
-- month cells and before the regional ones, as theme_mood_days is in message_rollups_apply.
DO $$
BEGIN
  ALTER TABLE info_reason_mood_days ALTER COLUMN loms SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 is not available: the lom bitmaps stay compressed with pglz';
END $$;
--> statement-breakpoint
CREATE FUNCTION info_reason_mood_days_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM info_reason_mood_days;
  INSERT INTO info_reason_mood_days (info_reason_id, day, mood, verified, message_count, si_sum, views_sum, loms)
  SELECT p.info_reason_id, p.day, p.mood, p.verified, sum(p.n), sum(p.si), sum(p.views),
         rollup_bits_of(array_agg(p.lom_id) FILTER (WHERE p.lom_id IS NOT NULL),
                        (SELECT (coalesce(max(id), 0) / 1024 + 1) * 1024 FROM loms))
    FROM (SELECT m.info_reason_id, (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day, m.mood, m.verified, m.lom_id,
                 count(*) AS n, sum(m.si) AS si, sum(m.number_views) AS views
            FROM messages m
           WHERE m.info_reason_id IS NOT NULL AND NOT (m.trash OR m.archived OR m.delayed)
           GROUP BY 1, 2, 3, 4, 5) p
   GROUP BY 1, 2, 3, 4
   ORDER BY 2, 1;
END $$;
--> statement-breakpoint
CREATE FUNCTION info_reason_mood_days_apply(deltas message_rollup_delta[]) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  emptied tid[];
  width integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM unnest(deltas) AS d
                  WHERE d.info_reason_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)) THEN
    RETURN;
  END IF;
  width := (SELECT (coalesce(max(id), 0) / 1024 + 1) * 1024 FROM loms);
  WITH up AS (
    INSERT INTO info_reason_mood_days AS t (day, info_reason_id, mood, verified, message_count, si_sum, views_sum, loms)
    SELECT d.day, d.info_reason_id, d.mood, d.verified,
           sum(d.sign),
           sum(d.sign * d.si),
           sum(d.sign * d.views),
           rollup_bits_of(array_agg(d.lom_id) FILTER (WHERE d.sign > 0 AND d.lom_id IS NOT NULL), width)
      FROM unnest(deltas) AS d
     WHERE d.info_reason_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)
     GROUP BY 1, 2, 3, 4
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.si) <> 0 OR sum(d.sign * d.views) <> 0
        OR array_agg(d.lom_id ORDER BY d.lom_id) FILTER (WHERE d.sign > 0 AND d.lom_id IS NOT NULL)
           IS DISTINCT FROM array_agg(d.lom_id ORDER BY d.lom_id) FILTER (WHERE d.sign < 0 AND d.lom_id IS NOT NULL)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT info_reason_mood_days_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      loms = rollup_bits_or(t.loms, excluded.loms)
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM info_reason_mood_days WHERE ctid = ANY (emptied);
  END IF;
  UPDATE info_reason_mood_days t SET loms = rollup_bits_clear(t.loms, c.mask)
    FROM (SELECT r.day, r.info_reason_id, r.mood, r.verified, rollup_bits_of(array_agg(r.lom_id)) AS mask
            FROM (SELECT DISTINCT d.day AS day, d.info_reason_id, d.mood, d.verified, d.lom_id
                    FROM unnest(deltas) AS d
                   WHERE d.sign < 0 AND d.lom_id IS NOT NULL AND d.info_reason_id IS NOT NULL
                     AND NOT (d.trash OR d.archived OR d.delayed)) r
           WHERE NOT EXISTS (
                   SELECT 1 FROM messages m
                    WHERE m.lom_id = r.lom_id
                      AND m.wrote_at >= (r.day::timestamp AT TIME ZONE 'Europe/Moscow')
                      AND m.wrote_at < ((r.day + 1)::timestamp AT TIME ZONE 'Europe/Moscow')
                      AND m.info_reason_id IS NOT DISTINCT FROM r.info_reason_id
                      AND m.mood IS NOT DISTINCT FROM r.mood
                      AND m.verified IS NOT DISTINCT FROM r.verified
                      AND NOT (m.trash OR m.archived OR m.delayed))
           GROUP BY 1, 2, 3, 4) c
   WHERE t.day = c.day
     AND t.info_reason_id = c.info_reason_id
     AND t.mood IS NOT DISTINCT FROM c.mood
     AND t.verified = c.verified;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_insert() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  deltas message_rollup_delta[];
BEGIN
  deltas := (SELECT array_agg(message_rollup_delta_of(1, n)) FROM new_rows n);
  PERFORM message_rollups_apply(deltas);
  PERFORM message_mood_months_apply(deltas);
  PERFORM info_reason_mood_days_apply(deltas);
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
  PERFORM info_reason_mood_days_apply(deltas);
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
  PERFORM info_reason_mood_days_apply(deltas);
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
  DELETE FROM info_reason_mood_days;
  DELETE FROM lom_day_stats;
  DELETE FROM lom_week_stats;
  DELETE FROM message_daily_stats;
  DELETE FROM theme_day_stats;
  DELETE FROM lom_period_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A database that already holds messages gets its info reason cells now.
SELECT info_reason_mood_days_rebuild();
