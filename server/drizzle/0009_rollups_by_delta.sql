CREATE TABLE "lom_period_stats" (
	"period" smallint NOT NULL,
	"scope" smallint NOT NULL,
	"lom_id" integer NOT NULL,
	"message_count" integer NOT NULL,
	"verified_count" integer NOT NULL,
	"si_sum" double precision NOT NULL,
	"views_sum" bigint NOT NULL,
	"reposts_sum" bigint NOT NULL,
	CONSTRAINT "lom_period_stats_pkey" PRIMARY KEY("period","scope","lom_id")
);
--> statement-breakpoint
CREATE TABLE "lom_periods" (
	"period" smallint PRIMARY KEY NOT NULL,
	"day_from" date NOT NULL,
	"day_to" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_mood_weeks" (
	"week" date NOT NULL,
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
	CONSTRAINT "message_mood_weeks_key" UNIQUE NULLS NOT DISTINCT("week","mood","verified","verified_by_super_editor","archived","delayed","trash")
);
--> statement-breakpoint
CREATE TABLE "theme_mood_days" (
	"theme_id" integer NOT NULL,
	"day" date NOT NULL,
	"mood" smallint,
	"verified" boolean NOT NULL,
	"message_count" integer NOT NULL,
	"si_sum" double precision NOT NULL,
	"views_sum" bigint NOT NULL,
	"loms" bit varying NOT NULL,
	CONSTRAINT "theme_mood_days_key" UNIQUE NULLS NOT DISTINCT("theme_id","day","mood","verified")
);
--> statement-breakpoint
CREATE INDEX "lom_period_stats_si_idx" ON "lom_period_stats" USING btree ("period","scope","si_sum" DESC NULLS LAST,"lom_id");--> statement-breakpoint
CREATE INDEX "lom_period_stats_views_idx" ON "lom_period_stats" USING btree ("period","scope","views_sum" DESC NULLS LAST,"lom_id");--> statement-breakpoint
CREATE INDEX "lom_period_stats_reposts_idx" ON "lom_period_stats" USING btree ("period","scope","reposts_sum" DESC NULLS LAST,"lom_id");--> statement-breakpoint
CREATE INDEX "lom_period_stats_count_idx" ON "lom_period_stats" USING btree ("period","scope","message_count" DESC NULLS LAST,"lom_id");--> statement-breakpoint
CREATE INDEX "lom_period_stats_verified_idx" ON "lom_period_stats" USING btree ("period","scope","verified_count" DESC NULLS LAST,"lom_id");--> statement-breakpoint
-- The rollups of messages change by delta (issue 14): each write statement on messages adds, per
-- rollup cell, the difference of the rows it changed (old rows minus, new rows plus), in the
-- same transaction, and deletes a cell whose count falls to zero. Nothing deletes and rebuilds
-- a day any more, so a day of editing leaves one dead tuple per touched cell, not a whole day
-- of them (docs/aggregates.md). The cells are upserted in key order, table by table in one fixed order, so two writers wait on a shared cell instead of
-- deadlocking; additions commute, so no day lock is needed.
--
-- message_daily_stats and theme_day_stats join the messages triggers here: the write path of
-- the server and the theme merge no longer rebuild them themselves.
CREATE TYPE message_rollup_delta AS (
  sign integer, day date, lom_id integer, source_id integer, theme_id integer, info_reason_id integer,
  mood smallint, message_type smallint, state smallint, verified boolean, verified_by_super_editor boolean,
  archived boolean, delayed boolean, trash boolean, si double precision, views bigint, reposts bigint,
  comments bigint);
--> statement-breakpoint
-- What a message counts in every rollup, signed: +1 for a row that arrives, -1 for one that leaves.
-- An update whose old and new deltas are equal touches no rollup (a text edit costs nothing).
CREATE FUNCTION message_rollup_delta_of(sign integer, m messages) RETURNS message_rollup_delta
LANGUAGE sql STABLE AS $$
  SELECT ROW(sign, (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date, m.lom_id, m.source_id, m.theme_id,
             m.info_reason_id, m.mood, m.message_type, m.state, m.verified, m.verified_by_super_editor,
             m.archived, m.delayed, m.trash, m.si, m.number_views, m.repost_count::bigint,
             m.comments_count::bigint)::message_rollup_delta
$$;
--> statement-breakpoint
-- Lom bitmaps (message_mood_days.loms, bit i = lom i): written as wide as the lom ids (in whole
-- kilobits, the width), so that readers OR them without padding; an older, narrower one is padded
-- by the readers, and widened by the next write to its cell.
CREATE FUNCTION rollup_bits_of(ids integer[], width integer DEFAULT 0) RETURNS varbit LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  bits varbit;
  top integer;
  i integer;
BEGIN
  top := (SELECT max(x) FROM unnest(ids) AS x);
  IF top IS NULL THEN
    RETURN repeat('0', width)::varbit;
  END IF;
  bits := repeat('0', greatest(width, (top / 1024 + 1) * 1024))::varbit;
  FOREACH i IN ARRAY ids LOOP
    IF i IS NOT NULL THEN
      bits := set_bit(bits, i, 1);
    END IF;
  END LOOP;
  RETURN bits;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_bits_pad(bits varbit, width integer) RETURNS varbit LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN length(bits) >= width THEN bits ELSE bits || repeat('0', width - length(bits))::varbit END
$$;
--> statement-breakpoint
CREATE FUNCTION rollup_bits_or(a varbit, b varbit) RETURNS varbit LANGUAGE sql IMMUTABLE AS $$
  SELECT rollup_bits_pad(a, greatest(length(a), length(b))) | rollup_bits_pad(b, greatest(length(a), length(b)))
$$;
--> statement-breakpoint
CREATE FUNCTION rollup_bits_clear(bits varbit, mask varbit) RETURNS varbit LANGUAGE sql IMMUTABLE AS $$
  SELECT rollup_bits_pad(bits, greatest(length(bits), length(mask)))
         & ~rollup_bits_pad(mask, greatest(length(bits), length(mask)))
$$;
--> statement-breakpoint
CREATE AGGREGATE rollup_bits_or_agg(varbit) (SFUNC = rollup_bits_or, STYPE = varbit, INITCOND = '');
--> statement-breakpoint
-- message_mood_weeks from message_mood_days in one pass (bulk loads, after message_read_rollups_rebuild()).
CREATE FUNCTION message_mood_weeks_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM message_mood_weeks;
  INSERT INTO message_mood_weeks (week, mood, verified, verified_by_super_editor, archived, delayed, trash,
                                  message_count, si_sum, views_sum, reposts_sum, loms)
  SELECT date_trunc('week', day::timestamp)::date, mood, verified, verified_by_super_editor, archived, delayed, trash,
         sum(message_count), sum(si_sum), sum(views_sum), sum(reposts_sum), rollup_bits_or_agg(loms)
    FROM message_mood_days
   GROUP BY 1, 2, 3, 4, 5, 6, 7
   ORDER BY 1;
END $$;
--> statement-breakpoint
-- theme_mood_days from messages in one pass (bulk loads).
CREATE FUNCTION theme_mood_days_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM theme_mood_days;
  INSERT INTO theme_mood_days (theme_id, day, mood, verified, message_count, si_sum, views_sum, loms)
  SELECT p.theme_id, p.day, p.mood, p.verified, sum(p.n), sum(p.si), sum(p.views),
         rollup_bits_of(array_agg(p.lom_id) FILTER (WHERE p.lom_id IS NOT NULL),
                        (SELECT (coalesce(max(id), 0) / 1024 + 1) * 1024 FROM loms))
    FROM (SELECT m.theme_id, (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day, m.mood, m.verified, m.lom_id,
                 count(*) AS n, sum(m.si) AS si, sum(m.number_views) AS views
            FROM messages m
           WHERE m.theme_id IS NOT NULL AND NOT (m.trash OR m.archived OR m.delayed)
           GROUP BY 1, 2, 3, 4, 5) p
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2;
END $$;
--> statement-breakpoint
CREATE FUNCTION lom_period_stats_fill(k smallint) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM lom_period_stats WHERE period = k;
  INSERT INTO lom_period_stats (period, scope, lom_id, message_count, verified_count, si_sum, views_sum, reposts_sum)
  SELECT p.period, s.scope, x.lom_id, sum(x.message_count), sum(x.verified_count), sum(x.si_sum), sum(x.views_sum),
         sum(x.reposts_sum)
    FROM lom_periods p
    JOIN lom_day_stats x ON x.day >= p.day_from AND x.day < p.day_to
   CROSS JOIN (VALUES (0), (1), (2)) AS s(scope)
   WHERE p.period = k
     AND (s.scope = 0 OR (s.scope = 1 AND NOT x.archived) OR (s.scope = 2 AND NOT (x.trash OR x.archived OR x.delayed)))
   GROUP BY 1, 2, 3
  HAVING sum(x.message_count) > 0
   ORDER BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- Moves the standard periods' windows to the given ones (the server computes them from today's
-- Moscow date, as the nav links do) and refills each period whose window changed from
-- lom_day_stats, under the exclusive lock writers take shared. Once a day; a no-op otherwise.
CREATE FUNCTION lom_periods_roll(periods smallint[], froms date[], tos date[]) RETURNS integer LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  k record;
  rolled integer := 0;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM unnest(periods, froms, tos) AS w(period, day_from, day_to)
                   LEFT JOIN lom_periods p ON p.period = w.period
                  WHERE p.period IS NULL OR p.day_from <> w.day_from OR p.day_to <> w.day_to) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(73003, 0);
  FOR k IN SELECT w.period, w.day_from, w.day_to FROM unnest(periods, froms, tos) AS w(period, day_from, day_to)
            LEFT JOIN lom_periods p ON p.period = w.period
           WHERE p.period IS NULL OR p.day_from <> w.day_from OR p.day_to <> w.day_to
           ORDER BY w.period LOOP
    INSERT INTO lom_periods (period, day_from, day_to) VALUES (k.period, k.day_from, k.day_to)
      ON CONFLICT (period) DO UPDATE SET day_from = excluded.day_from, day_to = excluded.day_to;
    PERFORM lom_period_stats_fill(k.period);
    rolled := rolled + 1;
  END LOOP;
  RETURN rolled;
END $$;
--> statement-breakpoint
-- Every stored period from lom_day_stats (bulk loads, after lom_day_stats_rebuild()).
CREATE FUNCTION lom_period_stats_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  k smallint;
BEGIN
  FOR k IN SELECT period FROM lom_periods ORDER BY period LOOP
    PERFORM lom_period_stats_fill(k);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION message_rollups_apply(deltas message_rollup_delta[]) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  emptied tid[];
  width integer;
BEGIN
  IF deltas IS NULL OR cardinality(deltas) = 0 THEN
    RETURN;
  END IF;
  width := (SELECT (coalesce(max(id), 0) / 1024 + 1) * 1024 FROM loms);
  -- message_day_counts: the list totals per day and filter flags.
  WITH up AS (
    INSERT INTO message_day_counts AS t (day, message_type, state, mood, verified, verified_by_super_editor, archived, delayed, trash, message_count)
    SELECT d.day, d.message_type, d.state, d.mood, d.verified, d.verified_by_super_editor, d.archived, d.delayed, d.trash,
           sum(d.sign)
      FROM unnest(deltas) AS d
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum(d.sign) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT ON CONSTRAINT message_day_counts_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM message_day_counts WHERE ctid = ANY (emptied);
  END IF;
  -- message_mood_days and message_mood_weeks: sums, and the bits of the loms that arrive in a
  -- cell. A cell changes when its sums or its set of arriving and leaving loms do. A lom that
  -- left a cell keeps its bit while another of its messages is still there: the check reads
  -- messages after the upsert, which holds the cell's row, so a writer that brings a message of
  -- the lom into the cell has either committed (and is seen) or waits.
  WITH up AS (
    INSERT INTO message_mood_days AS t (day, mood, verified, verified_by_super_editor, archived, delayed, trash, message_count, si_sum, views_sum, reposts_sum, loms)
    SELECT d.day, d.mood, d.verified, d.verified_by_super_editor, d.archived, d.delayed, d.trash,
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
    ON CONFLICT ON CONSTRAINT message_mood_days_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      loms = rollup_bits_or(t.loms, excluded.loms)
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM message_mood_days WHERE ctid = ANY (emptied);
  END IF;
  UPDATE message_mood_days t SET loms = rollup_bits_clear(t.loms, c.mask)
    FROM (SELECT r.day, r.mood, r.verified, r.verified_by_super_editor, r.archived, r.delayed, r.trash, rollup_bits_of(array_agg(r.lom_id)) AS mask
            FROM (SELECT DISTINCT d.day AS day, d.mood, d.verified, d.verified_by_super_editor, d.archived, d.delayed, d.trash, d.lom_id
                    FROM unnest(deltas) AS d WHERE d.sign < 0 AND d.lom_id IS NOT NULL) r
           WHERE NOT EXISTS (
                   SELECT 1 FROM messages m
                    WHERE m.lom_id = r.lom_id
                      AND m.wrote_at >= (r.day::timestamp AT TIME ZONE 'Europe/Moscow')
                      AND m.wrote_at < ((r.day + 1)::timestamp AT TIME ZONE 'Europe/Moscow')
                      AND m.mood IS NOT DISTINCT FROM r.mood
                      AND m.verified IS NOT DISTINCT FROM r.verified
                      AND m.verified_by_super_editor IS NOT DISTINCT FROM r.verified_by_super_editor
                      AND m.archived IS NOT DISTINCT FROM r.archived
                      AND m.delayed IS NOT DISTINCT FROM r.delayed
                      AND m.trash IS NOT DISTINCT FROM r.trash)
           GROUP BY 1, 2, 3, 4, 5, 6, 7) c
   WHERE t.day = c.day
     AND t.mood IS NOT DISTINCT FROM c.mood
     AND t.verified = c.verified
     AND t.verified_by_super_editor = c.verified_by_super_editor
     AND t.archived = c.archived
     AND t.delayed = c.delayed
     AND t.trash = c.trash;
  WITH up AS (
    INSERT INTO message_mood_weeks AS t (week, mood, verified, verified_by_super_editor, archived, delayed, trash, message_count, si_sum, views_sum, reposts_sum, loms)
    SELECT date_trunc('week', d.day::timestamp)::date, d.mood, d.verified, d.verified_by_super_editor, d.archived, d.delayed, d.trash,
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
    ON CONFLICT ON CONSTRAINT message_mood_weeks_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      loms = rollup_bits_or(t.loms, excluded.loms)
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM message_mood_weeks WHERE ctid = ANY (emptied);
  END IF;
  UPDATE message_mood_weeks t SET loms = rollup_bits_clear(t.loms, c.mask)
    FROM (SELECT r.week, r.mood, r.verified, r.verified_by_super_editor, r.archived, r.delayed, r.trash, rollup_bits_of(array_agg(r.lom_id)) AS mask
            FROM (SELECT DISTINCT date_trunc('week', d.day::timestamp)::date AS week, d.mood, d.verified, d.verified_by_super_editor, d.archived, d.delayed, d.trash, d.lom_id
                    FROM unnest(deltas) AS d WHERE d.sign < 0 AND d.lom_id IS NOT NULL) r
           WHERE NOT EXISTS (
                   SELECT 1 FROM messages m
                    WHERE m.lom_id = r.lom_id
                      AND m.wrote_at >= (r.week::timestamp AT TIME ZONE 'Europe/Moscow')
                      AND m.wrote_at < ((r.week + 7)::timestamp AT TIME ZONE 'Europe/Moscow')
                      AND m.mood IS NOT DISTINCT FROM r.mood
                      AND m.verified IS NOT DISTINCT FROM r.verified
                      AND m.verified_by_super_editor IS NOT DISTINCT FROM r.verified_by_super_editor
                      AND m.archived IS NOT DISTINCT FROM r.archived
                      AND m.delayed IS NOT DISTINCT FROM r.delayed
                      AND m.trash IS NOT DISTINCT FROM r.trash)
           GROUP BY 1, 2, 3, 4, 5, 6, 7) c
   WHERE t.week = c.week
     AND t.mood IS NOT DISTINCT FROM c.mood
     AND t.verified = c.verified
     AND t.verified_by_super_editor = c.verified_by_super_editor
     AND t.archived = c.archived
     AND t.delayed = c.delayed
     AND t.trash = c.trash;
  -- theme_mood_days: the same cells per theme, of live messages (the theme dashboards).
  WITH up AS (
    INSERT INTO theme_mood_days AS t (day, theme_id, mood, verified, message_count, si_sum, views_sum, loms)
    SELECT d.day, d.theme_id, d.mood, d.verified,
           sum(d.sign),
           sum(d.sign * d.si),
           sum(d.sign * d.views),
           rollup_bits_of(array_agg(d.lom_id) FILTER (WHERE d.sign > 0 AND d.lom_id IS NOT NULL), width)
      FROM unnest(deltas) AS d
     WHERE d.theme_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)
     GROUP BY 1, 2, 3, 4
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.si) <> 0 OR sum(d.sign * d.views) <> 0
        OR array_agg(d.lom_id ORDER BY d.lom_id) FILTER (WHERE d.sign > 0 AND d.lom_id IS NOT NULL)
           IS DISTINCT FROM array_agg(d.lom_id ORDER BY d.lom_id) FILTER (WHERE d.sign < 0 AND d.lom_id IS NOT NULL)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT theme_mood_days_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      loms = rollup_bits_or(t.loms, excluded.loms)
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM theme_mood_days WHERE ctid = ANY (emptied);
  END IF;
  UPDATE theme_mood_days t SET loms = rollup_bits_clear(t.loms, c.mask)
    FROM (SELECT r.day, r.theme_id, r.mood, r.verified, rollup_bits_of(array_agg(r.lom_id)) AS mask
            FROM (SELECT DISTINCT d.day AS day, d.theme_id, d.mood, d.verified, d.lom_id
                    FROM unnest(deltas) AS d WHERE d.sign < 0 AND d.lom_id IS NOT NULL AND d.theme_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)) r
           WHERE NOT EXISTS (
                   SELECT 1 FROM messages m
                    WHERE m.lom_id = r.lom_id
                      AND m.wrote_at >= (r.day::timestamp AT TIME ZONE 'Europe/Moscow')
                      AND m.wrote_at < ((r.day + 1)::timestamp AT TIME ZONE 'Europe/Moscow')
                      AND m.theme_id IS NOT DISTINCT FROM r.theme_id
                      AND m.mood IS NOT DISTINCT FROM r.mood
                      AND m.verified IS NOT DISTINCT FROM r.verified
                      AND NOT (m.trash OR m.archived OR m.delayed))
           GROUP BY 1, 2, 3, 4) c
   WHERE t.day = c.day
     AND t.theme_id = c.theme_id
     AND t.mood IS NOT DISTINCT FROM c.mood
     AND t.verified = c.verified;
  -- lom_day_stats and lom_week_stats: per lom, day or week, and the three flags of "live".
  WITH up AS (
    INSERT INTO lom_day_stats AS t (lom_id, day, trash, archived, delayed, message_count, verified_count, si_sum, views_sum, reposts_sum, mood1_count, mood1_si, mood1_views, mood2_count, mood2_si, mood2_views, mood3_count, mood3_si, mood3_views, mood4_count, mood4_si, mood4_views, mood5_count, mood5_si, mood5_views, mood6_count, mood6_si, mood6_views)
    SELECT d.lom_id, d.day, d.trash, d.archived, d.delayed,
           sum(d.sign),
           coalesce(sum(d.sign) FILTER (WHERE d.verified), 0),
           sum(d.sign * d.si),
           sum(d.sign * d.views),
           sum(d.sign * d.reposts),
           coalesce(sum(d.sign) FILTER (WHERE d.mood = 1), 0),
           coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 1), 0),
           coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 1), 0),
           coalesce(sum(d.sign) FILTER (WHERE d.mood = 2), 0),
           coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 2), 0),
           coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 2), 0),
           coalesce(sum(d.sign) FILTER (WHERE d.mood = 3), 0),
           coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 3), 0),
           coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 3), 0),
           coalesce(sum(d.sign) FILTER (WHERE d.mood = 4), 0),
           coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 4), 0),
           coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 4), 0),
           coalesce(sum(d.sign) FILTER (WHERE d.mood = 5), 0),
           coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 5), 0),
           coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 5), 0),
           coalesce(sum(d.sign) FILTER (WHERE d.mood = 6), 0),
           coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 6), 0),
           coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 6), 0)
      FROM unnest(deltas) AS d
     WHERE d.lom_id IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.sign) <> 0
        OR coalesce(sum(d.sign) FILTER (WHERE d.verified), 0) <> 0
        OR sum(d.sign * d.si) <> 0
        OR sum(d.sign * d.views) <> 0
        OR sum(d.sign * d.reposts) <> 0
        OR coalesce(sum(d.sign) FILTER (WHERE d.mood = 1), 0) <> 0
        OR coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 1), 0) <> 0
        OR coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 1), 0) <> 0
        OR coalesce(sum(d.sign) FILTER (WHERE d.mood = 2), 0) <> 0
        OR coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 2), 0) <> 0
        OR coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 2), 0) <> 0
        OR coalesce(sum(d.sign) FILTER (WHERE d.mood = 3), 0) <> 0
        OR coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 3), 0) <> 0
        OR coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 3), 0) <> 0
        OR coalesce(sum(d.sign) FILTER (WHERE d.mood = 4), 0) <> 0
        OR coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 4), 0) <> 0
        OR coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 4), 0) <> 0
        OR coalesce(sum(d.sign) FILTER (WHERE d.mood = 5), 0) <> 0
        OR coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 5), 0) <> 0
        OR coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 5), 0) <> 0
        OR coalesce(sum(d.sign) FILTER (WHERE d.mood = 6), 0) <> 0
        OR coalesce(sum(d.sign * d.si) FILTER (WHERE d.mood = 6), 0) <> 0
        OR coalesce(sum(d.sign * d.views) FILTER (WHERE d.mood = 6), 0) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT lom_day_stats_pkey DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      verified_count = t.verified_count + excluded.verified_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      mood1_count = t.mood1_count + excluded.mood1_count,
      mood1_si = t.mood1_si + excluded.mood1_si,
      mood1_views = t.mood1_views + excluded.mood1_views,
      mood2_count = t.mood2_count + excluded.mood2_count,
      mood2_si = t.mood2_si + excluded.mood2_si,
      mood2_views = t.mood2_views + excluded.mood2_views,
      mood3_count = t.mood3_count + excluded.mood3_count,
      mood3_si = t.mood3_si + excluded.mood3_si,
      mood3_views = t.mood3_views + excluded.mood3_views,
      mood4_count = t.mood4_count + excluded.mood4_count,
      mood4_si = t.mood4_si + excluded.mood4_si,
      mood4_views = t.mood4_views + excluded.mood4_views,
      mood5_count = t.mood5_count + excluded.mood5_count,
      mood5_si = t.mood5_si + excluded.mood5_si,
      mood5_views = t.mood5_views + excluded.mood5_views,
      mood6_count = t.mood6_count + excluded.mood6_count,
      mood6_si = t.mood6_si + excluded.mood6_si,
      mood6_views = t.mood6_views + excluded.mood6_views
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM lom_day_stats WHERE ctid = ANY (emptied);
  END IF;
  WITH up AS (
    INSERT INTO lom_week_stats AS t (lom_id, week, trash, archived, delayed, message_count, verified_count, si_sum, views_sum, reposts_sum)
    SELECT d.lom_id, date_trunc('week', d.day::timestamp)::date, d.trash, d.archived, d.delayed,
           sum(d.sign),
           coalesce(sum(d.sign) FILTER (WHERE d.verified), 0),
           sum(d.sign * d.si),
           sum(d.sign * d.views),
           sum(d.sign * d.reposts)
      FROM unnest(deltas) AS d
     WHERE d.lom_id IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.sign) <> 0 OR coalesce(sum(d.sign) FILTER (WHERE d.verified), 0) <> 0 OR sum(d.sign * d.si) <> 0 OR sum(d.sign * d.views) <> 0 OR sum(d.sign * d.reposts) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT lom_week_stats_pkey DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      verified_count = t.verified_count + excluded.verified_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM lom_week_stats WHERE ctid = ANY (emptied);
  END IF;
  -- lom_period_stats: the standard periods whose window holds the day, in each scope the message
  -- is in. The shared lock keeps lom_periods_roll (exclusive) from moving a window under a writer.
  PERFORM pg_advisory_xact_lock_shared(73003, 0);
  WITH up AS (
    INSERT INTO lom_period_stats AS t (period, scope, lom_id, message_count, verified_count, si_sum, views_sum, reposts_sum)
    SELECT p.period, s.scope, d.lom_id,
           sum(d.sign),
           coalesce(sum(d.sign) FILTER (WHERE d.verified), 0),
           sum(d.sign * d.si),
           sum(d.sign * d.views),
           sum(d.sign * d.reposts)
      FROM unnest(deltas) AS d
      JOIN lom_periods p ON d.day >= p.day_from AND d.day < p.day_to
      CROSS JOIN (VALUES (0), (1), (2)) AS s(scope)
     WHERE d.lom_id IS NOT NULL
       AND (s.scope = 0 OR (s.scope = 1 AND NOT d.archived) OR (s.scope = 2 AND NOT (d.trash OR d.archived OR d.delayed)))
     GROUP BY 1, 2, 3
    HAVING sum(d.sign) <> 0 OR coalesce(sum(d.sign) FILTER (WHERE d.verified), 0) <> 0 OR sum(d.sign * d.si) <> 0 OR sum(d.sign * d.views) <> 0 OR sum(d.sign * d.reposts) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT lom_period_stats_pkey DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      verified_count = t.verified_count + excluded.verified_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM lom_period_stats WHERE ctid = ANY (emptied);
  END IF;
  -- message_daily_stats: per day and the primary markup.
  WITH up AS (
    INSERT INTO message_daily_stats AS t (day, lom_id, source_id, theme_id, info_reason_id, mood, live, verified, message_count, si_sum, views_sum, reposts_sum, comments_sum)
    SELECT d.day, d.lom_id, d.source_id, d.theme_id, d.info_reason_id, d.mood, NOT (d.trash OR d.archived OR d.delayed), d.verified,
           sum(d.sign),
           sum(d.sign * d.si),
           sum(d.sign * d.views),
           sum(d.sign * d.reposts),
           sum(d.sign * d.comments)
      FROM unnest(deltas) AS d
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.si) <> 0 OR sum(d.sign * d.views) <> 0 OR sum(d.sign * d.reposts) <> 0 OR sum(d.sign * d.comments) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT message_daily_stats_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      comments_sum = t.comments_sum + excluded.comments_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM message_daily_stats WHERE ctid = ANY (emptied);
  END IF;
  -- theme_day_stats: per theme and day, the live messages.
  WITH up AS (
    INSERT INTO theme_day_stats AS t (theme_id, day, message_count, verified_count, si_sum, views_sum)
    SELECT d.theme_id, d.day,
           sum(d.sign),
           coalesce(sum(d.sign) FILTER (WHERE d.verified), 0),
           sum(d.sign * d.si),
           sum(d.sign * d.views)
      FROM unnest(deltas) AS d
     WHERE d.theme_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR coalesce(sum(d.sign) FILTER (WHERE d.verified), 0) <> 0 OR sum(d.sign * d.si) <> 0 OR sum(d.sign * d.views) <> 0
     ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT theme_day_stats_theme_id_day_pk DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      verified_count = t.verified_count + excluded.verified_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM theme_day_stats WHERE ctid = ANY (emptied);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_insert() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM message_rollups_apply((SELECT array_agg(message_rollup_delta_of(1, n)) FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_delete() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM message_rollups_apply((SELECT array_agg(message_rollup_delta_of(-1, o)) FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_update() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM message_rollups_apply((
    SELECT array_agg(x.delta)
      FROM old_rows o
      JOIN new_rows n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES (message_rollup_delta_of(-1, o)), (message_rollup_delta_of(1, n))) AS x(delta)
     WHERE message_rollup_delta_of(1, o) IS DISTINCT FROM message_rollup_delta_of(1, n)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_day_counts;
  DELETE FROM message_mood_days;
  DELETE FROM message_mood_weeks;
  DELETE FROM theme_mood_days;
  DELETE FROM lom_day_stats;
  DELETE FROM lom_week_stats;
  DELETE FROM message_daily_stats;
  DELETE FROM theme_day_stats;
  DELETE FROM lom_period_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER theme_day_stats_on_insert ON message_daily_stats;
--> statement-breakpoint
DROP TRIGGER theme_day_stats_on_update ON message_daily_stats;
--> statement-breakpoint
DROP TRIGGER theme_day_stats_on_delete ON message_daily_stats;
--> statement-breakpoint
DROP TRIGGER theme_day_stats_on_truncate ON message_daily_stats;
--> statement-breakpoint
DROP FUNCTION theme_day_stats_apply_delta();
--> statement-breakpoint
DROP FUNCTION theme_day_stats_on_truncate();
--> statement-breakpoint
DROP FUNCTION lom_day_stats_refresh(date[], integer[]);
--> statement-breakpoint
DROP FUNCTION message_read_rollups_refresh(date[]);
