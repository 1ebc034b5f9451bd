CREATE TABLE "info_reason_day_stats" (
	"day" date NOT NULL,
	"info_reason_id" integer NOT NULL,
	"message_count" integer NOT NULL,
	"mood_count" integer NOT NULL,
	"si_sum" double precision NOT NULL,
	"views_sum" bigint NOT NULL,
	CONSTRAINT "info_reason_day_stats_pkey" PRIMARY KEY("day","info_reason_id")
);
--> statement-breakpoint
CREATE TABLE "source_mood_days" (
	"day" date NOT NULL,
	"source_id" integer,
	"mood" smallint,
	"live" boolean NOT NULL,
	"verified" boolean NOT NULL,
	"message_count" integer NOT NULL,
	"views_sum" bigint NOT NULL,
	"reposts_sum" bigint NOT NULL,
	"comments_sum" bigint NOT NULL,
	CONSTRAINT "source_mood_days_key" UNIQUE NULLS NOT DISTINCT("day","source_id","mood","live","verified")
);

--> statement-breakpoint
CREATE TABLE "info_reason_week_stats" (
	"week" date NOT NULL,
	"info_reason_id" integer NOT NULL,
	"message_count" integer NOT NULL,
	"mood_count" integer NOT NULL,
	"si_sum" double precision NOT NULL,
	"views_sum" bigint NOT NULL,
	CONSTRAINT "info_reason_week_stats_pkey" PRIMARY KEY("week","info_reason_id")
);
--> statement-breakpoint
CREATE TABLE "source_mood_weeks" (
	"week" date NOT NULL,
	"source_id" integer,
	"mood" smallint,
	"live" boolean NOT NULL,
	"verified" boolean NOT NULL,
	"message_count" integer NOT NULL,
	"views_sum" bigint NOT NULL,
	"reposts_sum" bigint NOT NULL,
	"comments_sum" bigint NOT NULL,
	CONSTRAINT "source_mood_weeks_key" UNIQUE NULLS NOT DISTINCT("week","source_id","mood","live","verified")
);

--> statement-breakpoint
-- info_reason_day_stats (issue 15): info_reason_mood_days without the mood and verified split, so that the
-- home page's info reasons table and the new dashboards' info reason charts rank about 500 rows a day instead
-- of a dozen cells per info reason. source_mood_days: message_daily_stats without the lom, theme and info
-- reason, for the charts of a new dashboard over every lom. Each with its table by week (its Monday:
-- date_trunc('week', day)), kept by the same function from the same deltas and rebuilt with it. All kept by
-- the triggers of messages by delta, right after info_reason_mood_days.
CREATE FUNCTION info_reason_day_stats_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM info_reason_day_stats;
  DELETE FROM info_reason_week_stats;
  INSERT INTO info_reason_day_stats (day, info_reason_id, message_count, mood_count, si_sum, views_sum)
  SELECT (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date, m.info_reason_id, count(*), count(m.mood), sum(m.si),
         sum(m.number_views)
    FROM messages m
   WHERE m.info_reason_id IS NOT NULL AND NOT (m.trash OR m.archived OR m.delayed)
   GROUP BY 1, 2
   ORDER BY 1, 2;
  INSERT INTO info_reason_week_stats (week, info_reason_id, message_count, mood_count, si_sum, views_sum)
  SELECT date_trunc('week', day)::date, info_reason_id, sum(message_count), sum(mood_count), sum(si_sum), sum(views_sum)
    FROM info_reason_day_stats
   GROUP BY 1, 2
   ORDER BY 1, 2;
END $$;
--> statement-breakpoint
CREATE FUNCTION info_reason_day_stats_apply(deltas message_rollup_delta[]) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  emptied tid[];
BEGIN
  WITH up AS (
    INSERT INTO info_reason_day_stats AS t (day, info_reason_id, message_count, mood_count, si_sum, views_sum)
    SELECT d.day, d.info_reason_id, sum(d.sign), coalesce(sum(d.sign) FILTER (WHERE d.mood IS NOT NULL), 0),
           sum(d.sign * d.si), sum(d.sign * d.views)
      FROM unnest(deltas) AS d
     WHERE d.info_reason_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR coalesce(sum(d.sign) FILTER (WHERE d.mood IS NOT NULL), 0) <> 0
        OR sum(d.sign * d.si) <> 0 OR sum(d.sign * d.views) <> 0
     ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT info_reason_day_stats_pkey DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      mood_count = t.mood_count + excluded.mood_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM info_reason_day_stats WHERE ctid = ANY (emptied);
  END IF;
  emptied := NULL;
  WITH up AS (
    INSERT INTO info_reason_week_stats AS t (week, info_reason_id, message_count, mood_count, si_sum, views_sum)
    SELECT date_trunc('week', d.day)::date, d.info_reason_id, sum(d.sign),
           coalesce(sum(d.sign) FILTER (WHERE d.mood IS NOT NULL), 0), sum(d.sign * d.si), sum(d.sign * d.views)
      FROM unnest(deltas) AS d
     WHERE d.info_reason_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR coalesce(sum(d.sign) FILTER (WHERE d.mood IS NOT NULL), 0) <> 0
        OR sum(d.sign * d.si) <> 0 OR sum(d.sign * d.views) <> 0
     ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT info_reason_week_stats_pkey DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      mood_count = t.mood_count + excluded.mood_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM info_reason_week_stats WHERE ctid = ANY (emptied);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION source_mood_days_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM source_mood_days;
  DELETE FROM source_mood_weeks;
  INSERT INTO source_mood_days (day, source_id, mood, live, verified, message_count, views_sum, reposts_sum, comments_sum)
  SELECT (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date, m.source_id, m.mood, NOT (m.trash OR m.archived OR m.delayed),
         m.verified, count(*), coalesce(sum(m.number_views), 0), coalesce(sum(m.repost_count), 0),
         coalesce(sum(m.comments_count), 0)
    FROM messages m
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5;
  INSERT INTO source_mood_weeks (week, source_id, mood, live, verified, message_count, views_sum, reposts_sum,
                                 comments_sum)
  SELECT date_trunc('week', day)::date, source_id, mood, live, verified, sum(message_count), sum(views_sum),
         sum(reposts_sum), sum(comments_sum)
    FROM source_mood_days
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
CREATE FUNCTION source_mood_days_apply(deltas message_rollup_delta[]) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  emptied tid[];
BEGIN
  WITH up AS (
    INSERT INTO source_mood_days AS t (day, source_id, mood, live, verified, message_count, views_sum, reposts_sum,
                                       comments_sum)
    SELECT d.day, d.source_id, d.mood, NOT (d.trash OR d.archived OR d.delayed), d.verified, sum(d.sign),
           coalesce(sum(d.sign * d.views), 0), coalesce(sum(d.sign * d.reposts), 0), coalesce(sum(d.sign * d.comments), 0)
      FROM unnest(deltas) AS d
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.sign) <> 0 OR coalesce(sum(d.sign * d.views), 0) <> 0 OR coalesce(sum(d.sign * d.reposts), 0) <> 0
        OR coalesce(sum(d.sign * d.comments), 0) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT source_mood_days_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      comments_sum = t.comments_sum + excluded.comments_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM source_mood_days WHERE ctid = ANY (emptied);
  END IF;
  emptied := NULL;
  WITH up AS (
    INSERT INTO source_mood_weeks AS t (week, source_id, mood, live, verified, message_count, views_sum, reposts_sum,
                                        comments_sum)
    SELECT date_trunc('week', d.day)::date, d.source_id, d.mood, NOT (d.trash OR d.archived OR d.delayed), d.verified,
           sum(d.sign), coalesce(sum(d.sign * d.views), 0), coalesce(sum(d.sign * d.reposts), 0),
           coalesce(sum(d.sign * d.comments), 0)
      FROM unnest(deltas) AS d
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.sign) <> 0 OR coalesce(sum(d.sign * d.views), 0) <> 0 OR coalesce(sum(d.sign * d.reposts), 0) <> 0
        OR coalesce(sum(d.sign * d.comments), 0) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT source_mood_weeks_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      comments_sum = t.comments_sum + excluded.comments_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM source_mood_weeks WHERE ctid = ANY (emptied);
  END IF;
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
  PERFORM info_reason_day_stats_apply(deltas);
  PERFORM source_mood_days_apply(deltas);
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
  PERFORM info_reason_day_stats_apply(deltas);
  PERFORM source_mood_days_apply(deltas);
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
  PERFORM info_reason_day_stats_apply(deltas);
  PERFORM source_mood_days_apply(deltas);
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
  DELETE FROM info_reason_day_stats;
  DELETE FROM info_reason_week_stats;
  DELETE FROM source_mood_days;
  DELETE FROM source_mood_weeks;
  DELETE FROM lom_day_stats;
  DELETE FROM lom_week_stats;
  DELETE FROM message_daily_stats;
  DELETE FROM theme_day_stats;
  DELETE FROM lom_period_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A database that already holds messages gets its cells, by day and by week, now.
SELECT info_reason_day_stats_rebuild();
--> statement-breakpoint
SELECT source_mood_days_rebuild();
