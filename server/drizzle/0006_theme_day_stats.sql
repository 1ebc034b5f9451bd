CREATE TABLE "theme_day_stats" (
	"theme_id" integer NOT NULL,
	"day" date NOT NULL,
	"message_count" integer NOT NULL,
	"verified_count" integer NOT NULL,
	"si_sum" double precision NOT NULL,
	"views_sum" bigint NOT NULL,
	CONSTRAINT "theme_day_stats_theme_id_day_pk" PRIMARY KEY("theme_id","day")
);
--> statement-breakpoint
DROP INDEX "messages_theme_wrote_at_idx";--> statement-breakpoint
CREATE INDEX "theme_day_stats_day_idx" ON "theme_day_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "messages_theme_cover_idx" ON "messages" USING btree ("theme_id","wrote_at","trash","archived","delayed","verified","mood","lom_id","si","number_views");--> statement-breakpoint
-- theme_day_stats follows message_daily_stats (see src/db/schema/rollups.ts): each write
-- statement on the rollup adds its difference per (theme, day) of live rows, in key order
-- (additions commute, and writers of the same theme and day wait on its row), then drops
-- the touched rows left without a message.
CREATE FUNCTION theme_day_stats_apply_delta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  empty_themes integer[];
  empty_days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (SELECT theme_id, day, message_count AS n, CASE WHEN verified THEN message_count ELSE 0 END AS v,
                 si_sum AS si, views_sum AS views
            FROM new_rows WHERE live AND theme_id IS NOT NULL),
    up AS (
  INSERT INTO theme_day_stats AS t (theme_id, day, message_count, verified_count, si_sum, views_sum)
  SELECT theme_id, day, sum(n), sum(v), sum(si), sum(views) FROM d GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ON CONSTRAINT theme_day_stats_theme_id_day_pk DO UPDATE SET
    message_count = t.message_count + excluded.message_count,
    verified_count = t.verified_count + excluded.verified_count,
    si_sum = t.si_sum + excluded.si_sum,
    views_sum = t.views_sum + excluded.views_sum
  RETURNING t.theme_id, t.day, t.message_count)
    SELECT array_agg(theme_id), array_agg(day) INTO empty_themes, empty_days FROM up WHERE message_count <= 0;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (SELECT theme_id, day, -message_count AS n, CASE WHEN verified THEN -message_count ELSE 0 END AS v,
                 -si_sum AS si, -views_sum AS views
            FROM old_rows WHERE live AND theme_id IS NOT NULL),
    up AS (
  INSERT INTO theme_day_stats AS t (theme_id, day, message_count, verified_count, si_sum, views_sum)
  SELECT theme_id, day, sum(n), sum(v), sum(si), sum(views) FROM d GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ON CONSTRAINT theme_day_stats_theme_id_day_pk DO UPDATE SET
    message_count = t.message_count + excluded.message_count,
    verified_count = t.verified_count + excluded.verified_count,
    si_sum = t.si_sum + excluded.si_sum,
    views_sum = t.views_sum + excluded.views_sum
  RETURNING t.theme_id, t.day, t.message_count)
    SELECT array_agg(theme_id), array_agg(day) INTO empty_themes, empty_days FROM up WHERE message_count <= 0;
  ELSE
    WITH d AS (SELECT theme_id, day, message_count AS n, CASE WHEN verified THEN message_count ELSE 0 END AS v,
                 si_sum AS si, views_sum AS views
            FROM new_rows WHERE live AND theme_id IS NOT NULL
          UNION ALL
          SELECT theme_id, day, -message_count AS n, CASE WHEN verified THEN -message_count ELSE 0 END AS v,
                 -si_sum AS si, -views_sum AS views
            FROM old_rows WHERE live AND theme_id IS NOT NULL),
    up AS (
  INSERT INTO theme_day_stats AS t (theme_id, day, message_count, verified_count, si_sum, views_sum)
  SELECT theme_id, day, sum(n), sum(v), sum(si), sum(views) FROM d GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ON CONSTRAINT theme_day_stats_theme_id_day_pk DO UPDATE SET
    message_count = t.message_count + excluded.message_count,
    verified_count = t.verified_count + excluded.verified_count,
    si_sum = t.si_sum + excluded.si_sum,
    views_sum = t.views_sum + excluded.views_sum
  RETURNING t.theme_id, t.day, t.message_count)
    SELECT array_agg(theme_id), array_agg(day) INTO empty_themes, empty_days FROM up WHERE message_count <= 0;
  END IF;
  IF empty_themes IS NOT NULL THEN
    DELETE FROM theme_day_stats t
     USING unnest(empty_themes, empty_days) AS k(theme_id, day)
     WHERE t.theme_id = k.theme_id AND t.day = k.day AND t.message_count <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER theme_day_stats_on_insert AFTER INSERT ON message_daily_stats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION theme_day_stats_apply_delta();
--> statement-breakpoint
CREATE TRIGGER theme_day_stats_on_update AFTER UPDATE ON message_daily_stats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION theme_day_stats_apply_delta();
--> statement-breakpoint
CREATE TRIGGER theme_day_stats_on_delete AFTER DELETE ON message_daily_stats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION theme_day_stats_apply_delta();
--> statement-breakpoint
CREATE FUNCTION theme_day_stats_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM theme_day_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER theme_day_stats_on_truncate AFTER TRUNCATE ON message_daily_stats
  FOR EACH STATEMENT EXECUTE FUNCTION theme_day_stats_on_truncate();
--> statement-breakpoint
-- From message_daily_stats in one pass (the demo seed calls it after its bulk load).
CREATE FUNCTION theme_day_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM theme_day_stats;
  INSERT INTO theme_day_stats (theme_id, day, message_count, verified_count, si_sum, views_sum)
  SELECT theme_id, day, sum(message_count), coalesce(sum(message_count) FILTER (WHERE verified), 0), sum(si_sum),
         sum(views_sum)
    FROM message_daily_stats
   WHERE live AND theme_id IS NOT NULL
   GROUP BY 1, 2
  HAVING sum(message_count) > 0
   ORDER BY 2, 1;
END $$;
--> statement-breakpoint
SELECT theme_day_stats_rebuild();
