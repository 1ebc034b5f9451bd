-- lom_day_stats, lom_week_stats (src/db/schema/lom-day-stats.ts) and the /loms list index.
-- IF NOT EXISTS / OR REPLACE: an earlier draft of this migration (without lom_week_stats) ran
-- on a few development databases; this one completes them and runs as usual on new ones.
CREATE TABLE IF NOT EXISTS "lom_day_stats" (
	"lom_id" integer NOT NULL,
	"day" date NOT NULL,
	"trash" boolean NOT NULL,
	"archived" boolean NOT NULL,
	"delayed" boolean NOT NULL,
	"message_count" integer NOT NULL,
	"verified_count" integer NOT NULL,
	"si_sum" double precision NOT NULL,
	"views_sum" bigint NOT NULL,
	"reposts_sum" bigint NOT NULL,
	"mood1_count" integer NOT NULL,
	"mood1_si" double precision NOT NULL,
	"mood1_views" bigint NOT NULL,
	"mood2_count" integer NOT NULL,
	"mood2_si" double precision NOT NULL,
	"mood2_views" bigint NOT NULL,
	"mood3_count" integer NOT NULL,
	"mood3_si" double precision NOT NULL,
	"mood3_views" bigint NOT NULL,
	"mood4_count" integer NOT NULL,
	"mood4_si" double precision NOT NULL,
	"mood4_views" bigint NOT NULL,
	"mood5_count" integer NOT NULL,
	"mood5_si" double precision NOT NULL,
	"mood5_views" bigint NOT NULL,
	"mood6_count" integer NOT NULL,
	"mood6_si" double precision NOT NULL,
	"mood6_views" bigint NOT NULL,
	CONSTRAINT "lom_day_stats_pkey" PRIMARY KEY("lom_id","day","trash","archived","delayed")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "lom_week_stats" (
	"lom_id" integer NOT NULL,
	"week" date NOT NULL,
	"trash" boolean NOT NULL,
	"archived" boolean NOT NULL,
	"delayed" boolean NOT NULL,
	"message_count" integer NOT NULL,
	"verified_count" integer NOT NULL,
	"si_sum" double precision NOT NULL,
	"views_sum" bigint NOT NULL,
	"reposts_sum" bigint NOT NULL,
	CONSTRAINT "lom_week_stats_pkey" PRIMARY KEY("lom_id","week","trash","archived","delayed")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lom_day_stats_day_idx" ON "lom_day_stats" USING btree ("day","lom_id","trash","archived","delayed","message_count","verified_count","si_sum","views_sum","reposts_sum");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lom_week_stats_week_idx" ON "lom_week_stats" USING btree ("week","lom_id","trash","archived","delayed","message_count","verified_count","si_sum","views_sum","reposts_sum");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "loms_list_idx" ON "loms" USING btree ("subscribers" DESC NULLS LAST,"id","is_active") WHERE not "loms"."archived";
--> statement-breakpoint
-- lom_day_stats is kept by the statement triggers of messages (see
-- src/db/schema/lom-day-stats.ts). The refresh recomputes the given (day, lom) pairs
-- (two parallel arrays) from messages through messages_lom_wrote_at_idx, under the
-- per-day advisory locks of message_read_rollups_refresh (taken again here, in day
-- order; a lock the transaction already holds is granted at once), so concurrent writers
-- of a day wait for each other and each recompute reads the other's committed rows.
-- lom_week_stats moves by the difference: minus the pairs' old rows, plus the new ones
-- (upserts in key order; additions commute, so no week lock is taken, and writers of the
-- same lom and week wait on the row), then rows left without a message go.
CREATE OR REPLACE FUNCTION lom_day_stats_refresh(days date[], lom_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  IF days IS NULL OR cardinality(days) = 0 THEN
    RETURN;
  END IF;
  FOREACH d IN ARRAY (SELECT array_agg(x ORDER BY x) FROM (SELECT DISTINCT unnest(days) AS x) u) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('message_read_rollups'), d - date '2000-01-01');
  END LOOP;
  INSERT INTO lom_week_stats AS w (lom_id, week, trash, archived, delayed, message_count, verified_count,
                                    si_sum, views_sum, reposts_sum)
  SELECT s.lom_id, date_trunc('week', s.day::timestamp)::date, s.trash, s.archived, s.delayed,
         -sum(s.message_count), -sum(s.verified_count), -sum(s.si_sum), -sum(s.views_sum), -sum(s.reposts_sum)
    FROM lom_day_stats s
    JOIN (SELECT DISTINCT k.day, k.lom_id FROM unnest(days, lom_ids) AS k(day, lom_id)) k
      ON s.lom_id = k.lom_id AND s.day = k.day
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT lom_week_stats_pkey DO UPDATE SET
    message_count = w.message_count + excluded.message_count,
    verified_count = w.verified_count + excluded.verified_count,
    si_sum = w.si_sum + excluded.si_sum,
    views_sum = w.views_sum + excluded.views_sum,
    reposts_sum = w.reposts_sum + excluded.reposts_sum;
  DELETE FROM lom_day_stats s
   USING (SELECT DISTINCT k.day, k.lom_id FROM unnest(days, lom_ids) AS k(day, lom_id)) k
   WHERE s.lom_id = k.lom_id AND s.day = k.day;
  INSERT INTO lom_day_stats (
    lom_id, day, trash, archived, delayed, message_count, verified_count, si_sum, views_sum, reposts_sum,
    mood1_count, mood1_si, mood1_views, mood2_count, mood2_si, mood2_views,
    mood3_count, mood3_si, mood3_views, mood4_count, mood4_si, mood4_views,
    mood5_count, mood5_si, mood5_views, mood6_count, mood6_si, mood6_views)
  SELECT k.lom_id, k.day, m.trash, m.archived, m.delayed,
         count(*), count(*) FILTER (WHERE m.verified), sum(m.si), sum(m.number_views), sum(m.repost_count),
         count(*) FILTER (WHERE m.mood = 1), coalesce(sum(m.si) FILTER (WHERE m.mood = 1), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 1), 0),
         count(*) FILTER (WHERE m.mood = 2), coalesce(sum(m.si) FILTER (WHERE m.mood = 2), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 2), 0),
         count(*) FILTER (WHERE m.mood = 3), coalesce(sum(m.si) FILTER (WHERE m.mood = 3), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 3), 0),
         count(*) FILTER (WHERE m.mood = 4), coalesce(sum(m.si) FILTER (WHERE m.mood = 4), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 4), 0),
         count(*) FILTER (WHERE m.mood = 5), coalesce(sum(m.si) FILTER (WHERE m.mood = 5), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 5), 0),
         count(*) FILTER (WHERE m.mood = 6), coalesce(sum(m.si) FILTER (WHERE m.mood = 6), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 6), 0)
    FROM (SELECT DISTINCT k.day, k.lom_id FROM unnest(days, lom_ids) AS k(day, lom_id)
           WHERE k.lom_id IS NOT NULL) k
    JOIN messages m
      ON m.lom_id = k.lom_id
     AND m.wrote_at >= (k.day::timestamp AT TIME ZONE 'Europe/Moscow')
     AND m.wrote_at < ((k.day + 1)::timestamp AT TIME ZONE 'Europe/Moscow')
   GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO lom_week_stats AS w (lom_id, week, trash, archived, delayed, message_count, verified_count,
                                    si_sum, views_sum, reposts_sum)
  SELECT s.lom_id, date_trunc('week', s.day::timestamp)::date, s.trash, s.archived, s.delayed,
         sum(s.message_count), sum(s.verified_count), sum(s.si_sum), sum(s.views_sum), sum(s.reposts_sum)
    FROM lom_day_stats s
    JOIN (SELECT DISTINCT k.day, k.lom_id FROM unnest(days, lom_ids) AS k(day, lom_id)) k
      ON s.lom_id = k.lom_id AND s.day = k.day
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT lom_week_stats_pkey DO UPDATE SET
    message_count = w.message_count + excluded.message_count,
    verified_count = w.verified_count + excluded.verified_count,
    si_sum = w.si_sum + excluded.si_sum,
    views_sum = w.views_sum + excluded.views_sum,
    reposts_sum = w.reposts_sum + excluded.reposts_sum;
  DELETE FROM lom_week_stats w
   USING (SELECT DISTINCT date_trunc('week', k.day::timestamp)::date AS week, k.lom_id
            FROM unnest(days, lom_ids) AS k(day, lom_id)) k
   WHERE w.lom_id = k.lom_id AND w.week = k.week AND w.message_count = 0;
END $$;
--> statement-breakpoint
-- Both tables from messages in one pass (the demo seed calls it after a bulk load, which
-- runs without triggers), stored in day / week order so a period is a contiguous stretch.
CREATE OR REPLACE FUNCTION lom_day_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lom_day_stats;
  INSERT INTO lom_day_stats (
    lom_id, day, trash, archived, delayed, message_count, verified_count, si_sum, views_sum, reposts_sum,
    mood1_count, mood1_si, mood1_views, mood2_count, mood2_si, mood2_views,
    mood3_count, mood3_si, mood3_views, mood4_count, mood4_si, mood4_views,
    mood5_count, mood5_si, mood5_views, mood6_count, mood6_si, mood6_views)
  SELECT m.lom_id, (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date, m.trash, m.archived, m.delayed,
         count(*), count(*) FILTER (WHERE m.verified), sum(m.si), sum(m.number_views), sum(m.repost_count),
         count(*) FILTER (WHERE m.mood = 1), coalesce(sum(m.si) FILTER (WHERE m.mood = 1), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 1), 0),
         count(*) FILTER (WHERE m.mood = 2), coalesce(sum(m.si) FILTER (WHERE m.mood = 2), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 2), 0),
         count(*) FILTER (WHERE m.mood = 3), coalesce(sum(m.si) FILTER (WHERE m.mood = 3), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 3), 0),
         count(*) FILTER (WHERE m.mood = 4), coalesce(sum(m.si) FILTER (WHERE m.mood = 4), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 4), 0),
         count(*) FILTER (WHERE m.mood = 5), coalesce(sum(m.si) FILTER (WHERE m.mood = 5), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 5), 0),
         count(*) FILTER (WHERE m.mood = 6), coalesce(sum(m.si) FILTER (WHERE m.mood = 6), 0),
           coalesce(sum(m.number_views) FILTER (WHERE m.mood = 6), 0)
    FROM messages m
   WHERE m.lom_id IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 2, 1;
  DELETE FROM lom_week_stats;
  INSERT INTO lom_week_stats (lom_id, week, trash, archived, delayed, message_count, verified_count, si_sum,
                              views_sum, reposts_sum)
  SELECT s.lom_id, date_trunc('week', s.day::timestamp)::date, s.trash, s.archived, s.delayed,
         sum(s.message_count), sum(s.verified_count), sum(s.si_sum), sum(s.views_sum), sum(s.reposts_sum)
    FROM lom_day_stats s
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 2, 1;
END $$;
--> statement-breakpoint
-- The trigger functions of 0001, now also refreshing the (day, lom) pairs of lom_day_stats.
CREATE OR REPLACE FUNCTION message_read_rollups_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
  lom_ids integer[];
BEGIN
  PERFORM message_read_rollups_refresh(
    (SELECT array_agg(DISTINCT (wrote_at AT TIME ZONE 'Europe/Moscow')::date) FROM new_rows));
  SELECT array_agg(p.day), array_agg(p.lom_id) INTO days, lom_ids
    FROM (SELECT DISTINCT (wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day, lom_id
            FROM new_rows WHERE lom_id IS NOT NULL) p;
  PERFORM lom_day_stats_refresh(days, lom_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
  lom_ids integer[];
BEGIN
  PERFORM message_read_rollups_refresh(
    (SELECT array_agg(DISTINCT (wrote_at AT TIME ZONE 'Europe/Moscow')::date) FROM old_rows));
  SELECT array_agg(p.day), array_agg(p.lom_id) INTO days, lom_ids
    FROM (SELECT DISTINCT (wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day, lom_id
            FROM old_rows WHERE lom_id IS NOT NULL) p;
  PERFORM lom_day_stats_refresh(days, lom_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose counted columns changed touch the rollups; lom_day_stats recomputes
-- both the old and the new (day, lom) of such a row (a moved message leaves one pair
-- and joins another).
CREATE OR REPLACE FUNCTION message_read_rollups_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
  pair_days date[];
  pair_loms integer[];
BEGIN
  WITH changed AS (
    SELECT (o.wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day, o.lom_id,
           (n.wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day2, n.lom_id AS lom_id2
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.wrote_at, o.mood, o.verified, o.verified_by_super_editor, o.archived, o.delayed, o.trash,
            o.lom_id, o.si, o.number_views, o.repost_count, o.message_type, o.state)
           IS DISTINCT FROM
           (n.wrote_at, n.mood, n.verified, n.verified_by_super_editor, n.archived, n.delayed, n.trash,
            n.lom_id, n.si, n.number_views, n.repost_count, n.message_type, n.state)
  ), touched AS (
    SELECT x.day, x.lom_id
      FROM changed c CROSS JOIN LATERAL (VALUES (c.day, c.lom_id), (c.day2, c.lom_id2)) AS x(day, lom_id)
  )
  SELECT (SELECT array_agg(DISTINCT t.day) FROM touched t), p.days, p.loms
    INTO days, pair_days, pair_loms
    FROM (SELECT array_agg(q.day) AS days, array_agg(q.lom_id) AS loms
            FROM (SELECT DISTINCT t.day, t.lom_id FROM touched t WHERE t.lom_id IS NOT NULL) q) p;
  IF days IS NOT NULL THEN
    PERFORM message_read_rollups_refresh(days);
    PERFORM lom_day_stats_refresh(pair_days, pair_loms);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_day_counts;
  DELETE FROM message_mood_days;
  DELETE FROM lom_day_stats;
  DELETE FROM lom_week_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT lom_day_stats_rebuild();
