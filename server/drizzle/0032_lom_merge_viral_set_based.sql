-- A lom merge sets the moved messages' viral_per_cent itself, set-based, instead of through the viral row trigger
-- (docs/admin-loms.md "Merge"): the trigger stands aside while monitoring.lom_merge is on, and lom_merge_messages
-- (restated from 0027 with only its UPDATE of messages changed) computes each moved message's value against the
-- target's 28 days once merged. Before, the trigger read lom_day_stats once per message: 4.5 of 14 s for 40,000.
CREATE OR REPLACE FUNCTION messages_viral_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('monitoring.lom_merge', true) = 'on' THEN
    RETURN NEW;
  END IF;
  NEW.viral_per_cent := message_viral_per_cent(NEW.lom_id, NEW.wrote_at, NEW.number_views, NEW.repost_count);
  RETURN NEW;
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
  -- viral_per_cent of the moved messages against the target's usual reach once merged (its days and the merged
  -- loms' days, as the rebuild would count them), one window per day, set in the same UPDATE: the row trigger
  -- stands aside while monitoring.lom_merge is on (its look-up per message was a third of a merge's time).
  UPDATE messages m SET lom_id = target,
         viral_per_cent = message_viral_value(m.number_views, m.repost_count, r.n, r.reach)
    FROM (
      SELECT d.day, coalesce(sum(s.message_count), 0)::numeric AS n,
             coalesce(sum(s.views_sum + 10 * s.reposts_sum), 0)::numeric AS reach
        FROM (SELECT DISTINCT u.day FROM unnest(deltas) AS u) d
        LEFT JOIN lom_day_stats s
          ON s.lom_id = ANY (merged || target) AND s.day >= d.day - 28 AND s.day < d.day
         AND NOT s.trash AND NOT s.archived AND NOT s.delayed
       GROUP BY d.day
    ) r
   WHERE m.lom_id = ANY (merged) AND (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date = r.day;
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
