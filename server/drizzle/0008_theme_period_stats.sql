CREATE SEQUENCE "public"."stat_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "stat_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_period_stats" (
	"theme_id" integer NOT NULL,
	"day_from" date NOT NULL,
	"day_to" date NOT NULL,
	"version" bigint NOT NULL,
	"lom_version" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lom_count" integer NOT NULL,
	"subscribers" bigint NOT NULL,
	"moods" json,
	"initial_lom_id" integer,
	"all_count" integer NOT NULL,
	"trash" json,
	"with_mood" json,
	"not_trash" json,
	CONSTRAINT "theme_period_stats_theme_id_day_from_day_to_pk" PRIMARY KEY("theme_id","day_from","day_to")
);
--> statement-breakpoint
CREATE TABLE "theme_stat_versions" (
	"theme_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The themes table's per-theme period results (theme_period_stats) are computed from these
-- columns of messages and from loms.subscribers; every committed write that changes one of
-- them gives the themes it touches a new stamp (docs/themes.md "Speed"). The stamp rows are
-- taken in theme order, so two statements cannot deadlock on them.
CREATE FUNCTION theme_stat_versions_bump(theme_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF theme_ids IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO theme_stat_versions AS v (theme_id, version)
  SELECT k.theme_id, nextval('stat_version_seq')
    FROM (SELECT DISTINCT theme_id FROM unnest(theme_ids) AS u(theme_id) WHERE theme_id IS NOT NULL) k
   ORDER BY k.theme_id
  ON CONFLICT (theme_id) DO UPDATE SET version = excluded.version;
END $$;
--> statement-breakpoint
CREATE FUNCTION theme_stat_versions_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM theme_stat_versions_bump((SELECT array_agg(DISTINCT theme_id) FROM new_rows WHERE theme_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION theme_stat_versions_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM theme_stat_versions_bump((SELECT array_agg(DISTINCT theme_id) FROM old_rows WHERE theme_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION theme_stat_versions_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM theme_stat_versions_bump((
    SELECT array_agg(DISTINCT x.theme_id)
      FROM old_rows o
      JOIN new_rows n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES (o.theme_id), (n.theme_id)) AS x(theme_id)
     WHERE x.theme_id IS NOT NULL
       AND (o.theme_id, o.wrote_at, o.trash, o.archived, o.delayed, o.verified, o.mood, o.lom_id, o.si,
            o.number_views)
           IS DISTINCT FROM
           (n.theme_id, n.wrote_at, n.trash, n.archived, n.delayed, n.verified, n.mood, n.lom_id, n.si,
            n.number_views)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER theme_stat_versions_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION theme_stat_versions_on_insert();
--> statement-breakpoint
CREATE TRIGGER theme_stat_versions_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION theme_stat_versions_on_update();
--> statement-breakpoint
CREATE TRIGGER theme_stat_versions_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION theme_stat_versions_on_delete();
--> statement-breakpoint
-- A truncate (or a bulk load under the replica role, which fires no trigger: the seed calls
-- theme_period_stats_reset()) leaves no result to trust.
CREATE FUNCTION theme_period_stats_reset() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM theme_period_stats;
END $$;
--> statement-breakpoint
CREATE FUNCTION theme_period_stats_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM theme_period_stats_reset();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER theme_period_stats_messages_truncate AFTER TRUNCATE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION theme_period_stats_on_truncate();
--> statement-breakpoint
-- loms.subscribers: one global stamp. A column list excludes transition tables, so any
-- statement that sets the column counts as a change (it is set by imports and card edits).
CREATE FUNCTION lom_subscribers_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_versions (name, version) VALUES ('lom_subscribers', nextval('stat_version_seq'))
  ON CONFLICT (name) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lom_subscribers_version_update AFTER UPDATE OF subscribers ON loms
  FOR EACH STATEMENT EXECUTE FUNCTION lom_subscribers_version_bump();
--> statement-breakpoint
CREATE TRIGGER lom_subscribers_version_delete AFTER DELETE ON loms
  FOR EACH STATEMENT EXECUTE FUNCTION lom_subscribers_version_bump();
--> statement-breakpoint
CREATE FUNCTION theme_period_stats_on_theme_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM theme_period_stats c USING old_rows o WHERE c.theme_id = o.id;
  DELETE FROM theme_stat_versions v USING old_rows o WHERE v.theme_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER theme_period_stats_theme_delete AFTER DELETE ON themes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION theme_period_stats_on_theme_delete();
--> statement-breakpoint
-- The statement triggers' queries read transition tables the planner cannot size: it guesses
-- millions of rows, so each firing was JIT-compiled (about 20 ms for one edited message,
-- 0.3 s for 300, up to 0.75 s per firing in a theme merge). They never need it.
ALTER FUNCTION message_read_rollups_on_insert() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION message_read_rollups_on_update() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION message_read_rollups_on_delete() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION theme_day_stats_apply_delta() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION theme_stat_versions_on_insert() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION theme_stat_versions_on_update() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION theme_stat_versions_on_delete() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION theme_period_stats_on_theme_delete() SET jit = off;
