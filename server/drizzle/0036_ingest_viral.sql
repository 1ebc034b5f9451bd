-- Ingest speed (docs/ingestion.md "Speed"): viral_per_cent of an ingest batch, set-based. The row trigger of
-- migration 0024 reads a lom's 28 days of lom_day_stats once per row (~80 ms a batch of 5,000, on its inserts and
-- again on its updates of views); the ingestion computes the same value in its insert and update statements, once
-- per (lom, Moscow day) of the batch, and tells the trigger to stand aside for that one statement with the
-- transaction-local setting monitoring.viral_given (which only it sets, and clears right after, as
-- monitoring.lom_merge of migration 0020). A lom merge's UPDATE sets the value itself too (migration 0032), and the
-- trigger stands aside for it as well. Every other writer goes through the trigger as before.
CREATE OR REPLACE FUNCTION messages_viral_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('monitoring.viral_given', true) = 'on' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('monitoring.lom_merge', true) = 'on' THEN
    RETURN NEW;
  END IF;
  NEW.viral_per_cent := message_viral_per_cent(NEW.lom_id, NEW.wrote_at, NEW.number_views, NEW.repost_count);
  RETURN NEW;
END $$;
