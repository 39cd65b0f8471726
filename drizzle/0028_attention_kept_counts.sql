ALTER TABLE "program_days" ADD COLUMN "done" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "program_weeks" ADD COLUMN "day_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "program_weeks" ADD COLUMN "days_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 0155: the counts 'Needs attention' reads, kept by the database on every write,
-- in every process. Each function recounts from the rows themselves (idempotent: a restore
-- or a copy that inserts counts anyway ends right), after locking the rows it recounts, so
-- that two transactions at once end with the later one's count. The ids are joined as a
-- set (IN (SELECT unnest(…))): `= ANY(array)` compares each row with the whole array. Index
-- reads only (enable_seqscan off): a table filled in the same statement (a seed, a restore)
-- has no statistics yet, and a scan of it per id made a bulk insert quadratic.
CREATE FUNCTION program_days_recount(day_ids text[]) RETURNS void LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  PERFORM 1 FROM program_days WHERE id IN (SELECT unnest(day_ids)) ORDER BY id FOR UPDATE;
  UPDATE program_days pd SET done = v.done
  FROM (
    SELECT d.id, EXISTS (
      SELECT 1 FROM workouts x JOIN programs p ON p.id = d.program_id
      WHERE x.program_day_id = d.id AND x.user_id = p.member_id AND x.finished_at IS NOT NULL
    ) AS done
    FROM program_days d WHERE d.id IN (SELECT unnest(day_ids))
  ) v
  WHERE pd.id = v.id AND pd.done IS DISTINCT FROM v.done;
END $$;
--> statement-breakpoint
CREATE FUNCTION program_weeks_recount(week_ids text[]) RETURNS void LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  PERFORM 1 FROM program_weeks WHERE id IN (SELECT unnest(week_ids)) ORDER BY id FOR UPDATE;
  UPDATE program_weeks w SET day_count = c.day_count, days_done = c.days_done
  FROM (
    SELECT w2.id,
      (SELECT count(*) FROM program_days d WHERE d.week_id = w2.id)::int AS day_count,
      (SELECT count(*) FROM program_days d WHERE d.week_id = w2.id AND d.done)::int AS days_done
    FROM program_weeks w2 WHERE w2.id IN (SELECT unnest(week_ids))
  ) c
  WHERE w.id = c.id AND (w.day_count, w.days_done) IS DISTINCT FROM (c.day_count, c.days_done);
END $$;
--> statement-breakpoint
CREATE FUNCTION workouts_kept_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM program_days_recount(array_remove(ARRAY[OLD.program_day_id, NEW.program_day_id], NULL));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM program_days_recount(ARRAY(SELECT DISTINCT program_day_id FROM new_rows WHERE program_day_id IS NOT NULL AND finished_at IS NOT NULL));
  ELSE
    PERFORM program_days_recount(ARRAY(SELECT DISTINCT program_day_id FROM old_rows WHERE program_day_id IS NOT NULL AND finished_at IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workouts_kept_counts_insert AFTER INSERT ON workouts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workouts_kept_counts();
--> statement-breakpoint
CREATE TRIGGER workouts_kept_counts_delete AFTER DELETE ON workouts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workouts_kept_counts();
--> statement-breakpoint
-- A row trigger, with a WHEN that costs nothing on the updates that change none of these (a set logged, notes).
CREATE TRIGGER workouts_kept_counts_update AFTER UPDATE OF program_day_id, finished_at, user_id ON workouts FOR EACH ROW
  WHEN (OLD.program_day_id IS DISTINCT FROM NEW.program_day_id OR (OLD.finished_at IS NULL) <> (NEW.finished_at IS NULL) OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION workouts_kept_counts();
--> statement-breakpoint
CREATE FUNCTION program_days_kept_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM program_days_recount(ARRAY(SELECT id FROM new_rows));
    PERFORM program_weeks_recount(ARRAY(SELECT DISTINCT week_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM program_weeks_recount(ARRAY(SELECT DISTINCT week_id FROM old_rows));
  ELSE
    -- Every week of a row updated (not only those whose done or week changed): a join of the
    -- two transition tables (no indexes) would cost rows × rows on a bulk update.
    PERFORM program_weeks_recount(ARRAY(SELECT week_id FROM new_rows UNION SELECT week_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER program_days_kept_counts_insert AFTER INSERT ON program_days REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION program_days_kept_counts();
--> statement-breakpoint
CREATE TRIGGER program_days_kept_counts_delete AFTER DELETE ON program_days REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION program_days_kept_counts();
--> statement-breakpoint
CREATE TRIGGER program_days_kept_counts_update AFTER UPDATE ON program_days REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION program_days_kept_counts();
--> statement-breakpoint
-- The rows there are now.
UPDATE program_days pd SET done = true
WHERE EXISTS (SELECT 1 FROM workouts x JOIN programs p ON p.id = pd.program_id WHERE x.program_day_id = pd.id AND x.user_id = p.member_id AND x.finished_at IS NOT NULL);
--> statement-breakpoint
UPDATE program_weeks w SET day_count = c.day_count, days_done = c.days_done
FROM (SELECT week_id, count(*)::int AS day_count, (count(*) FILTER (WHERE done))::int AS days_done FROM program_days GROUP BY week_id) c
WHERE w.id = c.week_id;
--> statement-breakpoint
ANALYZE program_days;
--> statement-breakpoint
ANALYZE program_weeks;
