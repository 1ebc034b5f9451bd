-- The regional lock (73003, 1) comes before any lom's row in every transaction (issue 14, CI
-- deadlock of 2026-11-26). A message writer takes it shared in the triggers of messages, then
-- updates its loms' metric columns (refreshLomMetrics); a change of region took the lom's row
-- first and the lock exclusively after it, in the row trigger, so the two could wait on each
-- other. Statements that change a region or delete loms now take the lock before they lock a
-- row; the row triggers take it again, already held.
CREATE FUNCTION loms_regional_lock() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(73003, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loms_regional_lock_on_update BEFORE UPDATE OF region_type ON loms FOR EACH STATEMENT
  EXECUTE FUNCTION loms_regional_lock();
--> statement-breakpoint
CREATE TRIGGER loms_regional_lock_on_delete BEFORE DELETE ON loms FOR EACH STATEMENT
  EXECUTE FUNCTION loms_regional_lock();
