CREATE TABLE "theme_regional_days" (
	"theme_id" integer NOT NULL,
	"day" date NOT NULL,
	"mood" smallint,
	"verified" boolean NOT NULL,
	"message_count" integer NOT NULL,
	"si_sum" double precision NOT NULL,
	"views_sum" bigint NOT NULL,
	"loms" bit varying NOT NULL,
	CONSTRAINT "theme_regional_days_key" UNIQUE NULLS NOT DISTINCT("theme_id","day","mood","verified")
);
--> statement-breakpoint
-- theme_regional_days (issue 14): the cells of theme_mood_days for the messages of regional loms
-- alone (loms.region_type 2, the dashboards' pool 4, features/dashboards/queries.ts), so that a
-- regional dashboard reads a dozen cells a day instead of message_daily_stats' row per message.
-- A cell's region is its loms': the triggers of messages read each lom's region under a shared
-- advisory lock (73003, 1); a lom that changes region, or is deleted, moves all its cells under
-- the same lock taken exclusively, after every writer that read its old region has committed.
CREATE FUNCTION theme_regional_days_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM theme_regional_days;
  INSERT INTO theme_regional_days (theme_id, day, mood, verified, message_count, si_sum, views_sum, loms)
  SELECT p.theme_id, p.day, p.mood, p.verified, sum(p.n), sum(p.si), sum(p.views),
         rollup_bits_of(array_agg(p.lom_id), (SELECT (coalesce(max(id), 0) / 1024 + 1) * 1024 FROM loms))
    FROM (SELECT m.theme_id, (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day, m.mood, m.verified, m.lom_id,
                 count(*) AS n, sum(m.si) AS si, sum(m.number_views) AS views
            FROM messages m
            JOIN loms l ON l.id = m.lom_id AND l.region_type = 2
           WHERE m.theme_id IS NOT NULL AND NOT (m.trash OR m.archived OR m.delayed)
           GROUP BY 1, 2, 3, 4, 5) p
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2;
END $$;
--> statement-breakpoint
-- The deltas of one write statement on messages (message_rollup_delta_of), for the regional loms.
-- Runs after message_rollups_apply, so the cells of every rollup are still taken in one fixed order.
CREATE FUNCTION theme_regional_days_apply(deltas message_rollup_delta[]) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  emptied tid[];
  width integer;
  regional integer[];
BEGIN
  regional := ARRAY(SELECT DISTINCT d.lom_id FROM unnest(deltas) AS d
                     WHERE d.lom_id IS NOT NULL AND d.theme_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed));
  IF cardinality(regional) = 0 THEN
    RETURN;
  END IF;
  -- Each query of this function sees what committed before it began: once the shared lock is
  -- held, no change of region can be pending, and none can commit until this transaction does.
  PERFORM pg_advisory_xact_lock_shared(73003, 1);
  regional := ARRAY(SELECT l.id FROM loms l WHERE l.id = ANY (regional) AND l.region_type = 2);
  IF cardinality(regional) = 0 THEN
    RETURN;
  END IF;
  width := (SELECT (coalesce(max(id), 0) / 1024 + 1) * 1024 FROM loms);
  WITH up AS (
    INSERT INTO theme_regional_days AS t (day, theme_id, mood, verified, message_count, si_sum, views_sum, loms)
    SELECT d.day, d.theme_id, d.mood, d.verified,
           sum(d.sign),
           sum(d.sign * d.si),
           sum(d.sign * d.views),
           rollup_bits_of(array_agg(d.lom_id) FILTER (WHERE d.sign > 0), width)
      FROM unnest(deltas) AS d
     WHERE d.lom_id = ANY (regional) AND d.theme_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)
     GROUP BY 1, 2, 3, 4
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.si) <> 0 OR sum(d.sign * d.views) <> 0
        OR array_agg(d.lom_id ORDER BY d.lom_id) FILTER (WHERE d.sign > 0)
           IS DISTINCT FROM array_agg(d.lom_id ORDER BY d.lom_id) FILTER (WHERE d.sign < 0)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT theme_regional_days_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      loms = rollup_bits_or(t.loms, excluded.loms)
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM theme_regional_days WHERE ctid = ANY (emptied);
  END IF;
  UPDATE theme_regional_days t SET loms = rollup_bits_clear(t.loms, c.mask)
    FROM (SELECT r.day, r.theme_id, r.mood, r.verified, rollup_bits_of(array_agg(r.lom_id)) AS mask
            FROM (SELECT DISTINCT d.day AS day, d.theme_id, d.mood, d.verified, d.lom_id
                    FROM unnest(deltas) AS d
                   WHERE d.sign < 0 AND d.lom_id = ANY (regional) AND d.theme_id IS NOT NULL
                     AND NOT (d.trash OR d.archived OR d.delayed)) r
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
END $$;
--> statement-breakpoint
-- Adds (direction 1) or takes out (-1) every live message of the given loms: loms that become
-- regional, or stop being so (another region, or deleted). All of a lom's messages leave
-- together, so its bit is cleared in every cell it leaves without looking at messages again.
CREATE FUNCTION theme_regional_days_move(lom_ids integer[], direction integer) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  emptied tid[];
  width integer;
BEGIN
  PERFORM pg_advisory_xact_lock(73003, 1);
  width := (SELECT (coalesce(max(id), 0) / 1024 + 1) * 1024 FROM loms);
  WITH up AS (
    INSERT INTO theme_regional_days AS t (day, theme_id, mood, verified, message_count, si_sum, views_sum, loms)
    SELECT p.day, p.theme_id, p.mood, p.verified, direction * sum(p.n), direction * sum(p.si),
           direction * sum(p.views), rollup_bits_of(array_agg(p.lom_id), width)
      FROM (SELECT (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day, m.theme_id, m.mood, m.verified, m.lom_id,
                   count(*) AS n, sum(m.si) AS si, sum(m.number_views) AS views
              FROM messages m
             WHERE m.lom_id = ANY (lom_ids) AND m.theme_id IS NOT NULL AND NOT (m.trash OR m.archived OR m.delayed)
             GROUP BY 1, 2, 3, 4, 5) p
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT theme_regional_days_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      loms = CASE WHEN direction > 0 THEN rollup_bits_or(t.loms, excluded.loms)
                  ELSE rollup_bits_clear(t.loms, excluded.loms) END
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM theme_regional_days WHERE ctid = ANY (emptied);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION loms_regional_on_update() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM theme_regional_days_move(ARRAY[NEW.id], CASE WHEN NEW.region_type = 2 THEN 1 ELSE -1 END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loms_regional_on_update AFTER UPDATE OF region_type ON loms FOR EACH ROW
  WHEN (coalesce(OLD.region_type = 2, false) IS DISTINCT FROM coalesce(NEW.region_type = 2, false))
  EXECUTE FUNCTION loms_regional_on_update();
--> statement-breakpoint
-- Before the row goes: the foreign key then sets its messages' lom_id to null, and the triggers
-- of messages no longer find the lom, so they take nothing out of these cells.
CREATE FUNCTION loms_regional_on_delete() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM theme_regional_days_move(ARRAY[OLD.id], -1);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER loms_regional_on_delete BEFORE DELETE ON loms FOR EACH ROW
  WHEN (OLD.region_type = 2)
  EXECUTE FUNCTION loms_regional_on_delete();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_insert() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  deltas message_rollup_delta[];
BEGIN
  deltas := (SELECT array_agg(message_rollup_delta_of(1, n)) FROM new_rows n);
  PERFORM message_rollups_apply(deltas);
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
  PERFORM theme_regional_days_apply(deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_day_counts;
  DELETE FROM message_mood_days;
  DELETE FROM message_mood_weeks;
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
-- A database that already holds messages gets its regional cells now.
SELECT theme_regional_days_rebuild();
