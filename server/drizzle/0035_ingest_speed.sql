-- Ingest speed (issue 18, docs/ingestion.md "Speed"). The statement triggers of an UPDATE of messages paired each
-- old row with its new row by `old_rows o JOIN new_rows n ON n.id = o.id`. The planner cannot see how many rows a
-- transition table holds (its plan is cached in the session with the estimate of one row), so it chose a nested
-- loop: every old row scanned every new row, 25 million pairs for an update of 5,000 messages (8–10 s per
-- trigger; an ingest batch of updates, or the mood model's marks of a batch of new messages, paid it twice).
-- They now pair the rows by grouping both tables by id (one hash or sort of n rows whatever the estimate). What
-- each trigger computes is unchanged: the same deltas of message_rollup_delta_of, the same changed themes.
CREATE OR REPLACE FUNCTION message_read_rollups_on_update() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  deltas message_rollup_delta[];
BEGIN
  IF current_setting('monitoring.lom_merge', true) = 'on' THEN
    RETURN NULL;
  END IF;
  deltas := (
    SELECT array_agg(x.delta)
      FROM (SELECT c.id,
                   (array_agg(c.neg) FILTER (WHERE c.side = 0))[1] AS old_neg,
                   (array_agg(c.pos) FILTER (WHERE c.side = 0))[1] AS old_pos,
                   (array_agg(c.pos) FILTER (WHERE c.side = 1))[1] AS new_pos
              FROM (SELECT o.id, 0 AS side, message_rollup_delta_of(1, o) AS pos, message_rollup_delta_of(-1, o) AS neg
                      FROM old_rows o
                    UNION ALL
                    SELECT n.id, 1, message_rollup_delta_of(1, n), NULL FROM new_rows n) c
             GROUP BY c.id) p
     CROSS JOIN LATERAL (VALUES (p.old_neg), (p.new_pos)) AS x(delta)
     WHERE p.old_pos IS DISTINCT FROM p.new_pos);
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
CREATE OR REPLACE FUNCTION theme_stat_versions_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM theme_stat_versions_bump((
    SELECT array_agg(DISTINCT x.theme_id)
      FROM (SELECT c.id,
                   (array_agg(c.theme_id) FILTER (WHERE c.side = 0))[1] AS old_theme,
                   (array_agg(c.theme_id) FILTER (WHERE c.side = 1))[1] AS new_theme,
                   (array_agg(c.counted) FILTER (WHERE c.side = 0))[1] AS old_counted,
                   (array_agg(c.counted) FILTER (WHERE c.side = 1))[1] AS new_counted
              FROM (SELECT o.id, 0 AS side, o.theme_id,
                           ROW(o.theme_id, o.wrote_at, o.trash, o.archived, o.delayed, o.verified, o.mood, o.lom_id,
                               o.si, o.number_views)::text AS counted
                      FROM old_rows o
                    UNION ALL
                    SELECT n.id, 1, n.theme_id,
                           ROW(n.theme_id, n.wrote_at, n.trash, n.archived, n.delayed, n.verified, n.mood, n.lom_id,
                               n.si, n.number_views)::text
                      FROM new_rows n) c
             GROUP BY c.id) p
     CROSS JOIN LATERAL (VALUES (p.old_theme), (p.new_theme)) AS x(theme_id)
     WHERE x.theme_id IS NOT NULL AND p.old_counted IS DISTINCT FROM p.new_counted));
  RETURN NULL;
END $$;
