CREATE TABLE "message_day_counts" (
	"day" date NOT NULL,
	"message_type" smallint NOT NULL,
	"state" smallint NOT NULL,
	"mood" smallint,
	"verified" boolean NOT NULL,
	"verified_by_super_editor" boolean NOT NULL,
	"archived" boolean NOT NULL,
	"delayed" boolean NOT NULL,
	"trash" boolean NOT NULL,
	"message_count" integer NOT NULL,
	CONSTRAINT "message_day_counts_key" UNIQUE NULLS NOT DISTINCT("day","message_type","state","mood","verified","verified_by_super_editor","archived","delayed","trash")
);
--> statement-breakpoint
CREATE TABLE "message_mood_days" (
	"day" date NOT NULL,
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
	CONSTRAINT "message_mood_days_key" UNIQUE NULLS NOT DISTINCT("day","mood","verified","verified_by_super_editor","archived","delayed","trash")
);
--> statement-breakpoint
-- message_day_counts and message_mood_days are kept by the triggers below (see
-- src/db/schema/message-read-rollups.ts). The refresh recomputes both for the given
-- Moscow days from messages. Its advisory locks (taken in day order) make concurrent
-- writers of the same day wait for each other, so each recompute reads the other's
-- committed rows.
CREATE FUNCTION message_read_rollups_refresh(days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  IF days IS NULL OR cardinality(days) = 0 THEN
    RETURN;
  END IF;
  FOREACH d IN ARRAY (SELECT array_agg(x ORDER BY x) FROM (SELECT DISTINCT unnest(days) AS x) u) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('message_read_rollups'), d - date '2000-01-01');
  END LOOP;
  DELETE FROM message_day_counts WHERE day = ANY (days);
  INSERT INTO message_day_counts (day, message_type, state, mood, verified, verified_by_super_editor, archived,
                                  delayed, trash, message_count)
  SELECT d.day, m.message_type, m.state, m.mood, m.verified, m.verified_by_super_editor, m.archived,
         m.delayed, m.trash, count(*)
    FROM unnest(days) AS d(day)
    JOIN messages m
      ON m.wrote_at >= (d.day::timestamp AT TIME ZONE 'Europe/Moscow')
     AND m.wrote_at < ((d.day + 1)::timestamp AT TIME ZONE 'Europe/Moscow')
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  DELETE FROM message_mood_days WHERE day = ANY (days);
  INSERT INTO message_mood_days (day, mood, verified, verified_by_super_editor, archived, delayed, trash,
                                 message_count, si_sum, views_sum, reposts_sum, loms)
  WITH per_lom AS (
    SELECT d.day, m.mood, m.verified, m.verified_by_super_editor, m.archived, m.delayed, m.trash, m.lom_id,
           count(*) AS n, sum(m.si) AS si, sum(m.number_views) AS views, sum(m.repost_count) AS reposts
      FROM unnest(days) AS d(day)
      JOIN messages m
        ON m.wrote_at >= (d.day::timestamp AT TIME ZONE 'Europe/Moscow')
       AND m.wrote_at < ((d.day + 1)::timestamp AT TIME ZONE 'Europe/Moscow')
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ), width AS (
    -- Every bitmap is as wide as the lom ids (in whole kilobits, so a new lom seldom
    -- changes it): bit_or needs equal widths, readers pad the rare older, narrower rows.
    SELECT repeat('0', (coalesce(max(id), 0) / 1024 + 1) * 1024)::varbit AS zeros FROM loms
  )
  SELECT p.day, p.mood, p.verified, p.verified_by_super_editor, p.archived, p.delayed, p.trash,
         sum(p.n), sum(p.si), sum(p.views), sum(p.reposts),
         bit_or(CASE WHEN p.lom_id IS NULL THEN w.zeros ELSE set_bit(w.zeros, p.lom_id, 1) END)
    FROM per_lom p CROSS JOIN width w
   GROUP BY 1, 2, 3, 4, 5, 6, 7;
END $$;
--> statement-breakpoint
-- The whole table from messages in one pass (no index needed: the demo seed calls it
-- after a bulk load, before the indexes of messages are rebuilt).
CREATE FUNCTION message_read_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_day_counts;
  INSERT INTO message_day_counts (day, message_type, state, mood, verified, verified_by_super_editor, archived,
                                  delayed, trash, message_count)
  SELECT (wrote_at AT TIME ZONE 'Europe/Moscow')::date, message_type, state, mood, verified,
         verified_by_super_editor, archived, delayed, trash, count(*)
    FROM messages
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
   ORDER BY 1;
  DELETE FROM message_mood_days;
  INSERT INTO message_mood_days (day, mood, verified, verified_by_super_editor, archived, delayed, trash,
                                 message_count, si_sum, views_sum, reposts_sum, loms)
  WITH per_lom AS (
    SELECT (m.wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day, m.mood, m.verified,
           m.verified_by_super_editor, m.archived, m.delayed, m.trash, m.lom_id,
           count(*) AS n, sum(m.si) AS si, sum(m.number_views) AS views, sum(m.repost_count) AS reposts
      FROM messages m
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ), width AS (
    SELECT repeat('0', (coalesce(max(id), 0) / 1024 + 1) * 1024)::varbit AS zeros FROM loms
  )
  SELECT p.day, p.mood, p.verified, p.verified_by_super_editor, p.archived, p.delayed, p.trash,
         sum(p.n), sum(p.si), sum(p.views), sum(p.reposts),
         bit_or(CASE WHEN p.lom_id IS NULL THEN w.zeros ELSE set_bit(w.zeros, p.lom_id, 1) END)
    FROM per_lom p CROSS JOIN width w
   GROUP BY 1, 2, 3, 4, 5, 6, 7
   ORDER BY 1;
END $$;
--> statement-breakpoint
CREATE FUNCTION message_read_rollups_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM message_read_rollups_refresh(
    (SELECT array_agg(DISTINCT (wrote_at AT TIME ZONE 'Europe/Moscow')::date) FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION message_read_rollups_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM message_read_rollups_refresh(
    (SELECT array_agg(DISTINCT (wrote_at AT TIME ZONE 'Europe/Moscow')::date) FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose counted columns changed touch the rollup: a text edit or a new theme costs nothing.
CREATE FUNCTION message_read_rollups_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  SELECT array_agg(DISTINCT x.day) INTO days FROM (
    SELECT (o.wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day, (n.wrote_at AT TIME ZONE 'Europe/Moscow')::date AS day2
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.wrote_at, o.mood, o.verified, o.verified_by_super_editor, o.archived, o.delayed, o.trash,
            o.lom_id, o.si, o.number_views, o.repost_count, o.message_type, o.state)
           IS DISTINCT FROM
           (n.wrote_at, n.mood, n.verified, n.verified_by_super_editor, n.archived, n.delayed, n.trash,
            n.lom_id, n.si, n.number_views, n.repost_count, n.message_type, n.state)
  ) c CROSS JOIN LATERAL (VALUES (c.day), (c.day2)) AS x(day);
  IF days IS NOT NULL THEN
    PERFORM message_read_rollups_refresh(days);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION message_read_rollups_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_day_counts;
  DELETE FROM message_mood_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER message_read_rollups_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_read_rollups_on_insert();
--> statement-breakpoint
CREATE TRIGGER message_read_rollups_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_read_rollups_on_update();
--> statement-breakpoint
CREATE TRIGGER message_read_rollups_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION message_read_rollups_on_delete();
--> statement-breakpoint
CREATE TRIGGER message_read_rollups_truncate AFTER TRUNCATE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION message_read_rollups_on_truncate();
--> statement-breakpoint
SELECT message_read_rollups_rebuild();
