CREATE TABLE "producer_center_subscriber_days" (
	"pc_id" integer NOT NULL,
	"day" date NOT NULL,
	"subscribers" bigint NOT NULL,
	"lom_days" integer NOT NULL,
	CONSTRAINT "producer_center_subscriber_days_pkey" PRIMARY KEY("pc_id","day")
);

--> statement-breakpoint
-- producer_center_subscriber_days (issue 17): the stored subscriber counts of the producer centers' loms summed per
-- center and stored day, center 0 holding every center's distinct loms, for the subscribers graph of every center
-- (the history of ~3,300 loms, ~43k rows over 90 days at the bench's volume). Kept like producer_center_days
-- (migration 0027): by the statement triggers of lom_subscriber_history (the loms' rows FOR KEY SHARE before their
-- centers are read), by a lom's link changes and before a lom is deleted (its history moves with it).
CREATE FUNCTION producer_center_subscribers_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM producer_center_subscriber_days;
  INSERT INTO producer_center_subscriber_days (pc_id, day, subscribers, lom_days)
  SELECT k.pc_id, h.day, sum(h.subscribers), count(*)
    FROM lom_subscriber_history h
    JOIN (SELECT lpc.lom_id, lpc.producer_center_id AS pc_id FROM lom_producer_centers lpc
          UNION ALL
          SELECT DISTINCT lpc.lom_id, 0 FROM lom_producer_centers lpc) k ON k.lom_id = h.lom_id
   GROUP BY 1, 2
   ORDER BY 1, 2;
END $$;
--> statement-breakpoint
-- Adds sign × the stored history of each (lom, center) given (center 0: every center) to the center's days.
CREATE FUNCTION producer_center_subscribers_move(lom_ids integer[], pc_ids integer[], signs integer[]) RETURNS void
LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  WITH moves AS (
    SELECT x.lom_id, x.pc_id, x.sign FROM unnest(lom_ids, pc_ids, signs) AS x(lom_id, pc_id, sign) WHERE x.sign <> 0
  )
  INSERT INTO producer_center_subscriber_days AS t (pc_id, day, subscribers, lom_days)
  SELECT mv.pc_id, h.day, sum(mv.sign * h.subscribers), sum(mv.sign)
    FROM moves mv
    JOIN lom_subscriber_history h ON h.lom_id = mv.lom_id
   GROUP BY 1, 2
  HAVING sum(mv.sign) <> 0 OR sum(mv.sign * h.subscribers) <> 0
   ORDER BY 1, 2
  ON CONFLICT ON CONSTRAINT producer_center_subscriber_days_pkey DO UPDATE SET
    subscribers = t.subscribers + excluded.subscribers,
    lom_days = t.lom_days + excluded.lom_days;
  DELETE FROM producer_center_subscriber_days t
   WHERE t.lom_days <= 0 AND t.pc_id = ANY (pc_ids);
END $$;
--> statement-breakpoint
-- The history rows one statement wrote (sign 1) or removed (-1), for the centers of their loms. A lom deleted by
-- this transaction is not found: its history left before its row.
CREATE FUNCTION producer_center_subscribers_apply(lom_ids integer[], days date[], counts bigint[], signs integer[])
RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  written integer[];
  touched integer[];
BEGIN
  written := ARRAY(SELECT DISTINCT x FROM unnest(lom_ids) AS x);
  IF cardinality(written) = 0 THEN
    RETURN;
  END IF;
  -- Lock order: the regional lock before any lom's row (docs/aggregates.md).
  PERFORM pg_advisory_xact_lock_shared(73003, 1);
  written := ARRAY(SELECT l.id FROM loms l WHERE l.id = ANY (written) ORDER BY l.id FOR KEY SHARE);
  IF cardinality(written) = 0 THEN
    RETURN;
  END IF;
  WITH links AS (
    SELECT lpc.lom_id, lpc.producer_center_id AS pc_id FROM lom_producer_centers lpc WHERE lpc.lom_id = ANY (written)
    UNION ALL
    SELECT DISTINCT lpc.lom_id, 0 FROM lom_producer_centers lpc WHERE lpc.lom_id = ANY (written)
  ), up AS (
    INSERT INTO producer_center_subscriber_days AS t (pc_id, day, subscribers, lom_days)
    SELECT k.pc_id, r.day, sum(r.sign * r.subscribers), sum(r.sign)
      FROM unnest(lom_ids, days, counts, signs) AS r(lom_id, day, subscribers, sign)
      JOIN links k ON k.lom_id = r.lom_id
     GROUP BY 1, 2
    HAVING sum(r.sign) <> 0 OR sum(r.sign * r.subscribers) <> 0
     ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT producer_center_subscriber_days_pkey DO UPDATE SET
      subscribers = t.subscribers + excluded.subscribers,
      lom_days = t.lom_days + excluded.lom_days
    RETURNING t.pc_id, t.day, t.lom_days)
  SELECT array_agg(up.pc_id) INTO touched FROM up WHERE up.lom_days <= 0;
  IF touched IS NOT NULL THEN
    DELETE FROM producer_center_subscriber_days t WHERE t.lom_days <= 0 AND t.pc_id = ANY (touched);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION lom_subscriber_history_on_insert() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM producer_center_subscribers_apply(
    ARRAY(SELECT n.lom_id FROM new_rows n ORDER BY n.lom_id, n.day),
    ARRAY(SELECT n.day FROM new_rows n ORDER BY n.lom_id, n.day),
    ARRAY(SELECT n.subscribers FROM new_rows n ORDER BY n.lom_id, n.day),
    ARRAY(SELECT 1 FROM new_rows n ORDER BY n.lom_id, n.day));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lom_subscriber_history_on_delete() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM producer_center_subscribers_apply(
    ARRAY(SELECT o.lom_id FROM old_rows o ORDER BY o.lom_id, o.day),
    ARRAY(SELECT o.day FROM old_rows o ORDER BY o.lom_id, o.day),
    ARRAY(SELECT o.subscribers FROM old_rows o ORDER BY o.lom_id, o.day),
    ARRAY(SELECT -1 FROM old_rows o ORDER BY o.lom_id, o.day));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lom_subscriber_history_on_update() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM producer_center_subscribers_apply(
    ARRAY(SELECT o.lom_id FROM old_rows o ORDER BY o.lom_id, o.day),
    ARRAY(SELECT o.day FROM old_rows o ORDER BY o.lom_id, o.day),
    ARRAY(SELECT o.subscribers FROM old_rows o ORDER BY o.lom_id, o.day),
    ARRAY(SELECT -1 FROM old_rows o ORDER BY o.lom_id, o.day));
  PERFORM producer_center_subscribers_apply(
    ARRAY(SELECT n.lom_id FROM new_rows n ORDER BY n.lom_id, n.day),
    ARRAY(SELECT n.day FROM new_rows n ORDER BY n.lom_id, n.day),
    ARRAY(SELECT n.subscribers FROM new_rows n ORDER BY n.lom_id, n.day),
    ARRAY(SELECT 1 FROM new_rows n ORDER BY n.lom_id, n.day));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lom_subscriber_history_on_insert AFTER INSERT ON lom_subscriber_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lom_subscriber_history_on_insert();
--> statement-breakpoint
CREATE TRIGGER lom_subscriber_history_on_delete AFTER DELETE ON lom_subscriber_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lom_subscriber_history_on_delete();
--> statement-breakpoint
CREATE TRIGGER lom_subscriber_history_on_update AFTER UPDATE ON lom_subscriber_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION lom_subscriber_history_on_update();
--> statement-breakpoint
-- A lom's link changes and its delete move its history too (migration 0027's functions, with the history added).
CREATE OR REPLACE FUNCTION producer_center_links_apply(added_loms integer[], added_pcs integer[], removed_loms integer[],
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
    PERFORM producer_center_subscribers_move(move_loms, move_pcs, move_signs);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loms_producer_days_on_delete() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  centers integer[];
BEGIN
  centers := ARRAY(SELECT lpc.producer_center_id FROM lom_producer_centers lpc WHERE lpc.lom_id = OLD.id);
  IF cardinality(centers) > 0 THEN
    centers := centers || 0;
    PERFORM producer_center_days_move(array_fill(OLD.id, ARRAY[cardinality(centers)]), centers,
                                      array_fill(-1, ARRAY[cardinality(centers)]));
    PERFORM producer_center_subscribers_move(array_fill(OLD.id, ARRAY[cardinality(centers)]), centers,
                                             array_fill(-1, ARRAY[cardinality(centers)]));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- A database that already holds history gets its cells now.
SELECT producer_center_subscribers_rebuild();
