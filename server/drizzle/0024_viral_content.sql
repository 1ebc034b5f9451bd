CREATE INDEX "messages_viral_views_idx" ON "messages" USING btree (((wrote_at AT TIME ZONE 'Europe/Moscow')::date),"number_views" DESC NULLS LAST,"id" DESC NULLS LAST,"wrote_at") WHERE viral_per_cent >= 300 AND NOT trash AND NOT archived AND NOT delayed;--> statement-breakpoint
CREATE INDEX "messages_viral_reposts_idx" ON "messages" USING btree (((wrote_at AT TIME ZONE 'Europe/Moscow')::date),"repost_count" DESC NULLS LAST,"id" DESC NULLS LAST,"wrote_at") WHERE viral_per_cent >= 300 AND NOT trash AND NOT archived AND NOT delayed;--> statement-breakpoint
CREATE INDEX "messages_viral_si_idx" ON "messages" USING btree (((wrote_at AT TIME ZONE 'Europe/Moscow')::date),"si" DESC NULLS LAST,"id" DESC NULLS LAST,"wrote_at") WHERE viral_per_cent >= 300 AND NOT trash AND NOT archived AND NOT delayed;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_viral_value(p_views bigint, p_reposts integer, p_n numeric, p_reach numeric)
RETURNS real LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
           WHEN p_n IS NULL OR p_n < 3 OR p_reach IS NULL OR p_reach <= 0 THEN 0::real
           ELSE greatest(0, round(100 * ((p_views + 10 * p_reposts)::numeric * p_n / p_reach - 1), 1))::real
         END
$$;
--> statement-breakpoint
-- viral_per_cent (docs/viral-content.md): how far a message's reach (views + 10 × reposts) grows over its lom's
-- usual reach per message, the lom's live messages of the 28 Moscow days before the message's day
-- (lom_day_stats); 0 without a lom or with fewer than 3 messages in those days. Numeric arithmetic, so the row
-- trigger and the set-based rebuild give the same value to the bit.
CREATE OR REPLACE FUNCTION message_viral_per_cent(p_lom integer, p_wrote timestamptz, p_views bigint, p_reposts integer)
RETURNS real LANGUAGE sql STABLE AS $$
  SELECT message_viral_value(p_views, p_reposts, b.n, b.reach)
    FROM (SELECT coalesce(sum(s.message_count), 0)::numeric AS n,
                 coalesce(sum(s.views_sum + 10 * s.reposts_sum), 0)::numeric AS reach
            FROM lom_day_stats s
           WHERE s.lom_id = p_lom
             AND s.day >= (p_wrote AT TIME ZONE 'Europe/Moscow')::date - 28
             AND s.day < (p_wrote AT TIME ZONE 'Europe/Moscow')::date
             AND NOT s.trash AND NOT s.archived AND NOT s.delayed) b
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION messages_viral_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.viral_per_cent := message_viral_per_cent(NEW.lom_id, NEW.wrote_at, NEW.number_views, NEW.repost_count);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_viral_insert BEFORE INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_viral_on_write();
--> statement-breakpoint
CREATE TRIGGER messages_viral_update BEFORE UPDATE OF lom_id, wrote_at, number_views, repost_count ON messages
  FOR EACH ROW WHEN (OLD.lom_id IS DISTINCT FROM NEW.lom_id OR OLD.wrote_at IS DISTINCT FROM NEW.wrote_at
                     OR OLD.number_views IS DISTINCT FROM NEW.number_views
                     OR OLD.repost_count IS DISTINCT FROM NEW.repost_count)
  EXECUTE FUNCTION messages_viral_on_write();
--> statement-breakpoint
-- Every message's viral_per_cent from lom_day_stats at once (the demo loader writes without triggers); only rows
-- whose value changes are written.
CREATE OR REPLACE FUNCTION messages_viral_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE messages m
     SET viral_per_cent = v.value
    FROM (
      SELECT m2.id, message_viral_value(m2.number_views, m2.repost_count, b.n, b.reach) AS value
        FROM messages m2
        LEFT JOIN (
          SELECT d.lom_id, d.day,
                 sum(d.n) OVER w AS n,
                 sum(d.reach) OVER w AS reach
            FROM (SELECT s.lom_id, s.day,
                         coalesce(sum(s.message_count) FILTER (WHERE NOT s.trash AND NOT s.archived AND NOT s.delayed), 0)::numeric AS n,
                         coalesce(sum(s.views_sum + 10 * s.reposts_sum) FILTER (WHERE NOT s.trash AND NOT s.archived AND NOT s.delayed), 0)::numeric AS reach
                    FROM lom_day_stats s
                   GROUP BY 1, 2) d
          WINDOW w AS (PARTITION BY d.lom_id ORDER BY d.day RANGE BETWEEN '28 days' PRECEDING AND '1 day' PRECEDING)
        ) b ON b.lom_id = m2.lom_id AND b.day = (m2.wrote_at AT TIME ZONE 'Europe/Moscow')::date
    ) v
   WHERE v.id = m.id AND m.viral_per_cent IS DISTINCT FROM v.value;
END $$;
