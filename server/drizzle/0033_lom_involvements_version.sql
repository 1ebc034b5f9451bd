CREATE TABLE "lom_involvements_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lom_involvements_version_one_row" CHECK ("lom_involvements_version"."id" = 1)
);
--> statement-breakpoint
-- The versions come from a sequence, which no truncate of the tables restarts, so a version is never given twice.
CREATE SEQUENCE lom_involvements_version_seq;
--> statement-breakpoint
-- A new version: the triggers below call it, and so does the demo loader, whose writes skip the triggers.
CREATE FUNCTION lom_involvements_version_next() RETURNS void LANGUAGE sql AS $$
  INSERT INTO lom_involvements_version AS v (id, version) VALUES (1, nextval('lom_involvements_version_seq'))
  ON CONFLICT (id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
SELECT lom_involvements_version_next();
--> statement-breakpoint
-- Every statement that writes rows of lom_involvements (an edit, an import, a lom merge, a lom delete's cascade,
-- the demo loader's truncate) sets a new version, in its own transaction: the producer centers' involvement figures
-- cached under the old version are then never read again (docs/producers.md "Speed"). A statement that changes no
-- row leaves it. Without the row nothing is cached.
CREATE FUNCTION lom_involvements_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Two branches: a truncate has no transition table to look at.
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM lom_involvements_version_next();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lom_involvements_version_insert AFTER INSERT ON lom_involvements
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION lom_involvements_version_bump();
--> statement-breakpoint
CREATE TRIGGER lom_involvements_version_update AFTER UPDATE ON lom_involvements
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION lom_involvements_version_bump();
--> statement-breakpoint
CREATE TRIGGER lom_involvements_version_delete AFTER DELETE ON lom_involvements
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION lom_involvements_version_bump();
--> statement-breakpoint
CREATE TRIGGER lom_involvements_version_truncate AFTER TRUNCATE ON lom_involvements
  FOR EACH STATEMENT EXECUTE FUNCTION lom_involvements_version_bump();
