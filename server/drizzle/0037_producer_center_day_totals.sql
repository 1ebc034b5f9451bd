CREATE TABLE "producer_center_day_totals" (
	"pc_id" integer NOT NULL,
	"day" date NOT NULL,
	"message_count" integer NOT NULL,
	"views_sum" bigint NOT NULL,
	CONSTRAINT "producer_center_day_totals_pc_id_day_pk" PRIMARY KEY("pc_id","day")
);
--> statement-breakpoint
-- producer_center_day_totals (issue 17, docs/producers.md): the cells of producer_center_days summed over source
-- and mood, per center and Moscow day. The list of centers sums a month per center; over the (source, mood)
-- cells that read grows with the messages until every cell of a day exists (70 a day), and it grew 1.6× from 1M
-- to 5M messages. Here it reads one row per center and day.
--
-- A statement trigger of producer_center_days applies the difference each statement made there (new rows less
-- old rows, per center and day), so every writer of the cells keeps the totals with them: the triggers of
-- messages, of lom_producer_centers and of lom deletes, the lom merge, a rebuild and the truncate's delete. It runs
-- in the writer's statement, after its cells, and takes the total rows in key order.
CREATE FUNCTION producer_center_day_totals_rebuild() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  DELETE FROM producer_center_day_totals;
  INSERT INTO producer_center_day_totals (pc_id, day, message_count, views_sum)
  SELECT c.pc_id, c.day, sum(c.message_count), sum(c.views_sum)
    FROM producer_center_days c
   GROUP BY 1, 2
  HAVING sum(c.message_count) <> 0
   ORDER BY 1, 2;
END $$;
--> statement-breakpoint
-- Adds the per (center, day) sums of the parallel arrays (signed counts and views) to the totals; drops a day left
-- empty. Empty arrays (a statement that changed no cell) add nothing.
CREATE FUNCTION producer_center_day_totals_add(pcs integer[], days date[], counts bigint[], views bigint[])
RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  emptied tid[];
BEGIN
  WITH up AS (
    INSERT INTO producer_center_day_totals AS t (pc_id, day, message_count, views_sum)
    SELECT x.pc_id, x.day, sum(x.n), sum(x.v)
      FROM unnest(pcs, days, counts, views) AS x(pc_id, day, n, v)
     GROUP BY 1, 2
    HAVING sum(x.n) <> 0 OR sum(x.v) <> 0
     ORDER BY 1, 2
    ON CONFLICT (pc_id, day) DO UPDATE SET
      message_count = t.message_count + excluded.message_count,
      views_sum = t.views_sum + excluded.views_sum
    RETURNING t.ctid AS row_id, t.message_count)
  SELECT array_agg(row_id) FILTER (WHERE message_count <= 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM producer_center_day_totals WHERE ctid = ANY (emptied);
  END IF;
END $$;
--> statement-breakpoint
-- An insert adds its rows and a delete takes its rows away: one function, the sign given by the trigger and the
-- rows under one transition name.
CREATE FUNCTION producer_center_days_totals_on_change() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  direction bigint := TG_ARGV[0]::bigint;
  pcs integer[];
  days date[];
  counts bigint[];
  views bigint[];
BEGIN
  SELECT array_agg(c.pc_id), array_agg(c.day), array_agg(direction * c.message_count), array_agg(direction * c.views_sum)
    INTO pcs, days, counts, views FROM changed_rows c;
  PERFORM producer_center_day_totals_add(pcs, days, counts, views);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update (the upserts' DO UPDATE) adds its new rows and takes away its old ones; the arrays are built from one
-- UNION ALL so that the four stay aligned.
CREATE FUNCTION producer_center_days_totals_on_update() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  pcs integer[];
  days date[];
  counts bigint[];
  views bigint[];
BEGIN
  SELECT array_agg(x.pc_id), array_agg(x.day), array_agg(x.n), array_agg(x.v)
    INTO pcs, days, counts, views
    FROM (SELECT n.pc_id, n.day, n.message_count::bigint AS n, n.views_sum AS v FROM new_rows n
          UNION ALL
          SELECT o.pc_id, o.day, -o.message_count::bigint, -o.views_sum FROM old_rows o) x;
  PERFORM producer_center_day_totals_add(pcs, days, counts, views);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER producer_center_days_totals_on_insert AFTER INSERT ON producer_center_days
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION producer_center_days_totals_on_change('1');
--> statement-breakpoint
CREATE TRIGGER producer_center_days_totals_on_delete AFTER DELETE ON producer_center_days
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION producer_center_days_totals_on_change('-1');
--> statement-breakpoint
CREATE TRIGGER producer_center_days_totals_on_update AFTER UPDATE ON producer_center_days
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION producer_center_days_totals_on_update();
--> statement-breakpoint
SELECT producer_center_day_totals_rebuild();
