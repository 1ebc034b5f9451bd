CREATE TABLE "producer_center_days" (
	"pc_id" integer NOT NULL,
	"day" date NOT NULL,
	"source_id" integer,
	"mood" smallint,
	"message_count" integer NOT NULL,
	"views_sum" bigint NOT NULL,
	"reposts_sum" bigint NOT NULL,
	"comments_sum" bigint NOT NULL,
	CONSTRAINT "producer_center_days_key" UNIQUE NULLS NOT DISTINCT("pc_id","day","source_id","mood")
);
--> statement-breakpoint
CREATE INDEX "producer_center_days_cover_idx" ON "producer_center_days" USING btree ("pc_id","day","source_id","mood","message_count","views_sum","reposts_sum","comments_sum");--> statement-breakpoint
-- producer_center_days (issue 17, docs/producers.md): per producer center, Moscow day, source and mood, the
-- live messages of the center's loms with their views, reposts and comments; pc_id 0 holds the distinct loms
-- of every center (a lom of two centers counts once there). The producer centers' graphs read a center's or
-- every center's cells here (a few dozen a day) instead of its loms' cells of message_daily_stats (one per
-- message, ~3,300 loms for every center).
--
-- A cell's center is its lom's: the one thing it depends on that is not in the message. The triggers of
-- messages take the written loms' rows FOR KEY SHARE before they read the loms' centers (writers do not wait
-- on each other, nor on refreshLomMetrics' update of the row); a change of a lom's centers (the statement
-- triggers of lom_producer_centers) takes the lom's row FOR UPDATE before it moves the lom's share from
-- message_daily_stats, so it waits for every writer that read the old centers and then sees their cells, and
-- a writer that comes later waits for it and reads the new centers. The lom card already holds that row
-- (lockLom); no advisory lock is added, and the regional lock still comes first (docs/aggregates.md).
CREATE FUNCTION producer_center_days_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM producer_center_days;
  INSERT INTO producer_center_days (pc_id, day, source_id, mood, message_count, views_sum, reposts_sum, comments_sum)
  SELECT k.pc_id, p.day, p.source_id, p.mood, sum(p.n), sum(p.views), sum(p.reposts), sum(p.comments)
    FROM (SELECT m.lom_id, (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day, m.source_id, m.mood,
                 count(*) AS n, sum(m.number_views) AS views, sum(m.repost_count) AS reposts,
                 sum(m.comments_count) AS comments
            FROM messages m
           WHERE m.lom_id IN (SELECT lpc.lom_id FROM lom_producer_centers lpc)
             AND NOT (m.trash OR m.archived OR m.delayed)
           GROUP BY 1, 2, 3, 4) p
    JOIN (SELECT lpc.lom_id, lpc.producer_center_id AS pc_id FROM lom_producer_centers lpc
          UNION ALL
          SELECT DISTINCT lpc.lom_id, 0 FROM lom_producer_centers lpc) k ON k.lom_id = p.lom_id
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
-- The deltas of one write statement on messages (message_rollup_delta_of), for the centers of their loms.
-- Runs last in the triggers of messages, so the cells of every rollup are still taken in one fixed order.
CREATE FUNCTION producer_center_days_apply(deltas message_rollup_delta[]) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  emptied tid[];
  written integer[];
BEGIN
  written := ARRAY(SELECT DISTINCT d.lom_id FROM unnest(deltas) AS d
                    WHERE d.lom_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed));
  IF cardinality(written) = 0 THEN
    RETURN;
  END IF;
  -- Lock order: the regional lock before any lom's row (docs/aggregates.md).
  PERFORM pg_advisory_xact_lock_shared(73003, 1);
  -- A lom deleted by this transaction is not found: its share left before its row (loms_producer_days_on_delete).
  written := ARRAY(SELECT l.id FROM loms l WHERE l.id = ANY (written) ORDER BY l.id FOR KEY SHARE);
  IF cardinality(written) = 0 THEN
    RETURN;
  END IF;
  WITH links AS (
    SELECT lpc.lom_id, lpc.producer_center_id AS pc_id FROM lom_producer_centers lpc WHERE lpc.lom_id = ANY (written)
    UNION ALL
    SELECT DISTINCT lpc.lom_id, 0 FROM lom_producer_centers lpc WHERE lpc.lom_id = ANY (written)
  ), up AS (
    INSERT INTO producer_center_days AS t (pc_id, day, source_id, mood, message_count, views_sum, reposts_sum,
                                           comments_sum)
    SELECT k.pc_id, d.day, d.source_id, d.mood, sum(d.sign), coalesce(sum(d.sign * d.views), 0),
           coalesce(sum(d.sign * d.reposts), 0), coalesce(sum(d.sign * d.comments), 0)
      FROM unnest(deltas) AS d
      JOIN links k ON k.lom_id = d.lom_id
     WHERE NOT (d.trash OR d.archived OR d.delayed)
     GROUP BY 1, 2, 3, 4
    HAVING sum(d.sign) <> 0 OR coalesce(sum(d.sign * d.views), 0) <> 0 OR coalesce(sum(d.sign * d.reposts), 0) <> 0
        OR coalesce(sum(d.sign * d.comments), 0) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT producer_center_days_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      comments_sum = t.comments_sum + excluded.comments_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM producer_center_days WHERE ctid = ANY (emptied);
  END IF;
END $$;
--> statement-breakpoint
-- Adds sign × the live cells of message_daily_stats of each (lom, center) given (center 0: every center) to
-- the center's cells: a lom joins a center (1) or leaves it (-1). The caller holds the loms' rows.
CREATE FUNCTION producer_center_days_move(lom_ids integer[], pc_ids integer[], signs integer[]) RETURNS void
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  emptied tid[];
BEGIN
  WITH moves AS (
    SELECT x.lom_id, x.pc_id, x.sign FROM unnest(lom_ids, pc_ids, signs) AS x(lom_id, pc_id, sign) WHERE x.sign <> 0
  ), up AS (
    INSERT INTO producer_center_days AS t (pc_id, day, source_id, mood, message_count, views_sum, reposts_sum,
                                           comments_sum)
    SELECT mv.pc_id, r.day, r.source_id, r.mood, sum(mv.sign * r.message_count), sum(mv.sign * r.views_sum),
           sum(mv.sign * r.reposts_sum), sum(mv.sign * r.comments_sum)
      FROM moves mv
      JOIN message_daily_stats r ON r.lom_id = mv.lom_id AND r.live
     GROUP BY 1, 2, 3, 4
    HAVING sum(mv.sign * r.message_count) <> 0 OR sum(mv.sign * r.views_sum) <> 0
        OR sum(mv.sign * r.reposts_sum) <> 0 OR sum(mv.sign * r.comments_sum) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT producer_center_days_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      comments_sum = t.comments_sum + excluded.comments_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM producer_center_days WHERE ctid = ANY (emptied);
  END IF;
END $$;
--> statement-breakpoint
-- The links one statement on lom_producer_centers added and removed (pairs of lom and center, in the same
-- order in both arrays of each side): each lom's share moves into the centers it joined and out of those it
-- left, and into (out of) center 0 when it gets its first (loses its last) center.
CREATE FUNCTION producer_center_links_apply(added_loms integer[], added_pcs integer[], removed_loms integer[],
                                            removed_pcs integer[]) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  touched integer[];
  move_loms integer[];
  move_pcs integer[];
  move_signs integer[];
BEGIN
  touched := ARRAY(SELECT DISTINCT x FROM unnest(coalesce(added_loms, '{}') || coalesce(removed_loms, '{}')) AS x);
  IF cardinality(touched) = 0 THEN
    RETURN;
  END IF;
  -- Waits for the writers of these loms' messages (FOR KEY SHARE in producer_center_days_apply). A lom deleted
  -- by this transaction (the cascade of its links) is not found: its share left before its row.
  touched := ARRAY(SELECT l.id FROM loms l WHERE l.id = ANY (touched) ORDER BY l.id FOR UPDATE);
  IF cardinality(touched) = 0 THEN
    RETURN;
  END IF;
  WITH pairs AS (
    SELECT c.lom_id, c.pc_id, sum(c.sign)::integer AS sign
      FROM (SELECT a.lom_id, a.pc_id, 1 AS sign FROM unnest(added_loms, added_pcs) AS a(lom_id, pc_id)
            UNION ALL
            SELECT r.lom_id, r.pc_id, -1 FROM unnest(removed_loms, removed_pcs) AS r(lom_id, pc_id)) c
     WHERE c.lom_id = ANY (touched)
     GROUP BY 1, 2
    HAVING sum(c.sign) <> 0
  ), moves AS (
    SELECT p.lom_id, p.pc_id, p.sign FROM pairs p
    UNION ALL
    SELECT n.lom_id, 0, (n.now > 0)::integer - (n.now - n.net > 0)::integer
      FROM (SELECT p.lom_id, sum(p.sign) AS net,
                   (SELECT count(*) FROM lom_producer_centers lpc WHERE lpc.lom_id = p.lom_id) AS now
              FROM pairs p GROUP BY p.lom_id) n
  )
  SELECT array_agg(m.lom_id ORDER BY m.lom_id, m.pc_id), array_agg(m.pc_id ORDER BY m.lom_id, m.pc_id),
         array_agg(m.sign ORDER BY m.lom_id, m.pc_id)
    INTO move_loms, move_pcs, move_signs
    FROM moves m WHERE m.sign <> 0;
  IF move_loms IS NOT NULL THEN
    PERFORM producer_center_days_move(move_loms, move_pcs, move_signs);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION lom_producer_centers_on_insert() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM producer_center_links_apply(
    ARRAY(SELECT n.lom_id FROM new_rows n ORDER BY n.lom_id, n.producer_center_id),
    ARRAY(SELECT n.producer_center_id FROM new_rows n ORDER BY n.lom_id, n.producer_center_id), NULL, NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lom_producer_centers_on_delete() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM producer_center_links_apply(NULL, NULL,
    ARRAY(SELECT o.lom_id FROM old_rows o ORDER BY o.lom_id, o.producer_center_id),
    ARRAY(SELECT o.producer_center_id FROM old_rows o ORDER BY o.lom_id, o.producer_center_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lom_producer_centers_on_update() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM producer_center_links_apply(
    ARRAY(SELECT n.lom_id FROM new_rows n ORDER BY n.lom_id, n.producer_center_id),
    ARRAY(SELECT n.producer_center_id FROM new_rows n ORDER BY n.lom_id, n.producer_center_id),
    ARRAY(SELECT o.lom_id FROM old_rows o ORDER BY o.lom_id, o.producer_center_id),
    ARRAY(SELECT o.producer_center_id FROM old_rows o ORDER BY o.lom_id, o.producer_center_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lom_producer_centers_on_insert AFTER INSERT ON lom_producer_centers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lom_producer_centers_on_insert();
--> statement-breakpoint
CREATE TRIGGER lom_producer_centers_on_delete AFTER DELETE ON lom_producer_centers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lom_producer_centers_on_delete();
--> statement-breakpoint
CREATE TRIGGER lom_producer_centers_on_update AFTER UPDATE ON lom_producer_centers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION lom_producer_centers_on_update();
--> statement-breakpoint
-- Before the row goes (its row is locked by then, so its writers have committed): the lom's share leaves its
-- centers and center 0. The cascade then deletes its links and sets its messages' lom_id to null, and the
-- triggers of both no longer find the lom, so they take nothing out again.
CREATE FUNCTION loms_producer_days_on_delete() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  centers integer[];
BEGIN
  centers := ARRAY(SELECT lpc.producer_center_id FROM lom_producer_centers lpc WHERE lpc.lom_id = OLD.id);
  IF cardinality(centers) > 0 THEN
    centers := centers || 0;
    PERFORM producer_center_days_move(array_fill(OLD.id, ARRAY[cardinality(centers)]), centers,
                                      array_fill(-1, ARRAY[cardinality(centers)]));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER loms_producer_days_on_delete BEFORE DELETE ON loms FOR EACH ROW
  EXECUTE FUNCTION loms_producer_days_on_delete();

--> statement-breakpoint
-- The triggers of messages and the lom merge (migrations 0016, 0020) with producer_center_days_apply added
-- last, after theme_regional_days_apply; the truncate empties it too.
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
  PERFORM producer_center_days_apply(deltas);
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
  PERFORM producer_center_days_apply(deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_rollups_on_update() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  deltas message_rollup_delta[];
BEGIN
  IF current_setting('monitoring.lom_merge', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
  PERFORM producer_center_days_apply(deltas);
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
  DELETE FROM producer_center_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lom_merge_messages(target integer, merged integer[]) RETURNS integer LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  deltas message_rollup_delta[];
  moved integer;
  width integer;
  merged_mask varbit;
  target_bit varbit;
  regional integer[];
  target_regional boolean;
  emptied tid[];
BEGIN
  IF target IS NULL OR target = ANY (merged) THEN
    RAISE EXCEPTION 'lom_merge_messages: the target % is among the merged loms %', target, merged;
  END IF;
  -- The moving messages as the rollups hold them, before the move.
  deltas := (SELECT array_agg(message_rollup_delta_of(1, m)) FROM messages m WHERE m.lom_id = ANY (merged));
  PERFORM set_config('monitoring.lom_merge', 'on', true);
  UPDATE messages SET lom_id = target WHERE lom_id = ANY (merged);
  GET DIAGNOSTICS moved = ROW_COUNT;
  PERFORM set_config('monitoring.lom_merge', 'off', true);
  IF deltas IS NULL THEN
    RETURN moved;
  END IF;

  -- The lom-keyed sums: the merged loms' rows go into the target's.
  WITH gone AS (DELETE FROM lom_day_stats WHERE lom_id = ANY (merged) RETURNING *)
  INSERT INTO lom_day_stats AS t (lom_id, day, trash, archived, delayed, message_count, verified_count, si_sum, views_sum, reposts_sum, mood1_count, mood1_si, mood1_views, mood2_count, mood2_si, mood2_views, mood3_count, mood3_si, mood3_views, mood4_count, mood4_si, mood4_views, mood5_count, mood5_si, mood5_views, mood6_count, mood6_si, mood6_views)
  SELECT target, day, trash, archived, delayed, sum(message_count), sum(verified_count), sum(si_sum), sum(views_sum), sum(reposts_sum), sum(mood1_count), sum(mood1_si), sum(mood1_views), sum(mood2_count), sum(mood2_si), sum(mood2_views), sum(mood3_count), sum(mood3_si), sum(mood3_views), sum(mood4_count), sum(mood4_si), sum(mood4_views), sum(mood5_count), sum(mood5_si), sum(mood5_views), sum(mood6_count), sum(mood6_si), sum(mood6_views)
    FROM gone
   GROUP BY day, trash, archived, delayed
   ORDER BY day, trash, archived, delayed
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
      mood6_views = t.mood6_views + excluded.mood6_views;
  WITH gone AS (DELETE FROM lom_week_stats WHERE lom_id = ANY (merged) RETURNING *)
  INSERT INTO lom_week_stats AS t (lom_id, week, trash, archived, delayed, message_count, verified_count, si_sum, views_sum, reposts_sum)
  SELECT target, week, trash, archived, delayed, sum(message_count), sum(verified_count), sum(si_sum), sum(views_sum), sum(reposts_sum)
    FROM gone
   GROUP BY week, trash, archived, delayed
   ORDER BY week, trash, archived, delayed
  ON CONFLICT ON CONSTRAINT lom_week_stats_pkey DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      verified_count = t.verified_count + excluded.verified_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum;
  -- The shared lock keeps lom_periods_roll (exclusive) from moving a window meanwhile, as in the triggers.
  PERFORM pg_advisory_xact_lock_shared(73003, 0);
  WITH gone AS (DELETE FROM lom_period_stats WHERE lom_id = ANY (merged) RETURNING *)
  INSERT INTO lom_period_stats AS t (period, scope, lom_id, message_count, verified_count, si_sum, views_sum, reposts_sum)
  SELECT period, scope, target, sum(message_count), sum(verified_count), sum(si_sum), sum(views_sum), sum(reposts_sum)
    FROM gone
   GROUP BY period, scope
   ORDER BY period, scope
  ON CONFLICT ON CONSTRAINT lom_period_stats_pkey DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      verified_count = t.verified_count + excluded.verified_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum;
  WITH gone AS (DELETE FROM message_daily_stats WHERE lom_id = ANY (merged) RETURNING *)
  INSERT INTO message_daily_stats AS t (day, lom_id, source_id, theme_id, info_reason_id, mood, live, verified, message_count, si_sum, views_sum, reposts_sum, comments_sum)
  SELECT day, target, source_id, theme_id, info_reason_id, mood, live, verified, sum(message_count), sum(si_sum), sum(views_sum), sum(reposts_sum), sum(comments_sum)
    FROM gone
   GROUP BY day, source_id, theme_id, info_reason_id, mood, live, verified
   ORDER BY day, source_id, theme_id, info_reason_id, mood, live, verified
  ON CONFLICT ON CONSTRAINT message_daily_stats_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      si_sum = t.si_sum + excluded.si_sum,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      comments_sum = t.comments_sum + excluded.comments_sum;

  -- The lom bitmaps: in each cell of a moved message, the merged loms' bits become the target's.
  width := (SELECT (coalesce(max(id), 0) / 1024 + 1) * 1024 FROM loms);
  merged_mask := rollup_bits_of(merged, width);
  target_bit := rollup_bits_of(ARRAY[target], width);
  UPDATE message_mood_days t SET loms = rollup_bits_or(rollup_bits_clear(t.loms, merged_mask), target_bit)
    FROM (SELECT DISTINCT d.day, d.mood, d.verified, d.verified_by_super_editor, d.archived, d.delayed, d.trash
            FROM unnest(deltas) AS d) c
   WHERE t.day = c.day AND t.mood IS NOT DISTINCT FROM c.mood AND t.verified = c.verified
     AND t.verified_by_super_editor = c.verified_by_super_editor AND t.archived = c.archived
     AND t.delayed = c.delayed AND t.trash = c.trash;
  UPDATE message_mood_weeks t SET loms = rollup_bits_or(rollup_bits_clear(t.loms, merged_mask), target_bit)
    FROM (SELECT DISTINCT date_trunc('week', d.day::timestamp)::date AS week, d.mood, d.verified, d.verified_by_super_editor, d.archived, d.delayed, d.trash
            FROM unnest(deltas) AS d) c
   WHERE t.week = c.week AND t.mood IS NOT DISTINCT FROM c.mood AND t.verified = c.verified
     AND t.verified_by_super_editor = c.verified_by_super_editor AND t.archived = c.archived
     AND t.delayed = c.delayed AND t.trash = c.trash;
  UPDATE message_mood_months t SET loms = rollup_bits_or(rollup_bits_clear(t.loms, merged_mask), target_bit)
    FROM (SELECT DISTINCT date_trunc('month', d.day::timestamp)::date AS month, d.mood, d.verified, d.verified_by_super_editor, d.archived, d.delayed, d.trash
            FROM unnest(deltas) AS d) c
   WHERE t.month = c.month AND t.mood IS NOT DISTINCT FROM c.mood AND t.verified = c.verified
     AND t.verified_by_super_editor = c.verified_by_super_editor AND t.archived = c.archived
     AND t.delayed = c.delayed AND t.trash = c.trash;
  UPDATE theme_mood_days t SET loms = rollup_bits_or(rollup_bits_clear(t.loms, merged_mask), target_bit)
    FROM (SELECT DISTINCT d.day, d.theme_id, d.mood, d.verified
            FROM unnest(deltas) AS d
           WHERE d.theme_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)) c
   WHERE t.theme_id = c.theme_id AND t.day = c.day AND t.mood IS NOT DISTINCT FROM c.mood AND t.verified = c.verified;
  UPDATE info_reason_mood_days t SET loms = rollup_bits_or(rollup_bits_clear(t.loms, merged_mask), target_bit)
    FROM (SELECT DISTINCT d.day, d.info_reason_id, d.mood, d.verified
            FROM unnest(deltas) AS d
           WHERE d.info_reason_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)) c
   WHERE t.day = c.day AND t.info_reason_id = c.info_reason_id AND t.mood IS NOT DISTINCT FROM c.mood
     AND t.verified = c.verified;

  -- theme_regional_days: a moved message leaves it if its lom was regional, and enters it if the target is.
  -- The regions are read under the shared lock that the triggers of loms take exclusively to move a lom.
  PERFORM pg_advisory_xact_lock_shared(73003, 1);
  regional := ARRAY(SELECT l.id FROM loms l WHERE l.id = ANY (merged) AND l.region_type = 2);
  target_regional := EXISTS (SELECT 1 FROM loms l WHERE l.id = target AND l.region_type = 2);
  IF target_regional OR cardinality(regional) > 0 THEN
    WITH up AS (
      INSERT INTO theme_regional_days AS t (day, theme_id, mood, verified, message_count, si_sum, views_sum, loms)
      SELECT d.day, d.theme_id, d.mood, d.verified, sum(s.sign), sum(s.sign * d.si), sum(s.sign * d.views),
             CASE WHEN target_regional THEN target_bit ELSE rollup_bits_of('{}'::integer[], width) END
        FROM unnest(deltas) AS d
       CROSS JOIN LATERAL (VALUES ((CASE WHEN target_regional THEN 1 ELSE 0 END)
                                   - (CASE WHEN d.lom_id = ANY (regional) THEN 1 ELSE 0 END))) AS s(sign)
       WHERE d.theme_id IS NOT NULL AND NOT (d.trash OR d.archived OR d.delayed)
         AND (target_regional OR d.lom_id = ANY (regional))
       GROUP BY 1, 2, 3, 4
       ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT theme_regional_days_key DO UPDATE SET
        message_count = t.message_count + excluded.message_count,
        si_sum = t.si_sum + excluded.si_sum,
        views_sum = t.views_sum + excluded.views_sum,
        loms = rollup_bits_or(rollup_bits_clear(t.loms, merged_mask), excluded.loms)
      RETURNING t.ctid AS row_id, t.message_count)
    SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
    IF emptied IS NOT NULL THEN
      DELETE FROM theme_regional_days WHERE ctid = ANY (emptied);
    END IF;
  END IF;
  -- producer_center_days (migration 0027): a moved live message leaves the centers of its lom (and center 0
  -- if that lom had a center) and enters the target's. The caller holds the loms' rows, so no link changes.
  emptied := NULL;
  WITH links AS (
    SELECT lpc.lom_id, lpc.producer_center_id AS pc_id FROM lom_producer_centers lpc
     WHERE lpc.lom_id = ANY (merged || target)
    UNION ALL
    SELECT DISTINCT lpc.lom_id, 0 FROM lom_producer_centers lpc WHERE lpc.lom_id = ANY (merged || target)
  ), up AS (
    INSERT INTO producer_center_days AS t (pc_id, day, source_id, mood, message_count, views_sum, reposts_sum,
                                           comments_sum)
    SELECT k.pc_id, d.day, d.source_id, d.mood, sum(s.sign), coalesce(sum(s.sign * d.views), 0),
           coalesce(sum(s.sign * d.reposts), 0), coalesce(sum(s.sign * d.comments), 0)
      FROM unnest(deltas) AS d
     CROSS JOIN LATERAL (VALUES (d.lom_id, -1), (target, 1)) AS s(lom_id, sign)
      JOIN links k ON k.lom_id = s.lom_id
     WHERE NOT (d.trash OR d.archived OR d.delayed)
     GROUP BY 1, 2, 3, 4
    HAVING sum(s.sign) <> 0 OR coalesce(sum(s.sign * d.views), 0) <> 0 OR coalesce(sum(s.sign * d.reposts), 0) <> 0
        OR coalesce(sum(s.sign * d.comments), 0) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT producer_center_days_key DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      views_sum = t.views_sum + excluded.views_sum,
      reposts_sum = t.reposts_sum + excluded.reposts_sum,
      comments_sum = t.comments_sum + excluded.comments_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM producer_center_days WHERE ctid = ANY (emptied);
  END IF;
  RETURN moved;
END $$;
--> statement-breakpoint
-- A database that already holds messages gets its cells now.
SELECT producer_center_days_rebuild();
