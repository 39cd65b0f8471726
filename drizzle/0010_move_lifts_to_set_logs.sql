-- One model of a performed set (decision 0033): the lifts logged with the progress form's
-- 'Log Workout' move from progress_entries into workouts → workout_exercises → set_logs.
-- Every lift entry becomes an ad-hoc workout of its own (one per submission, as the form
-- now logs them) holding one exercise with `sets` equal sets (no sets recorded: one set).
-- The entry's id is kept as the workout's and the workout exercise's id, so the history's
-- links keep naming the same entry. The migrator runs all of it in one transaction.

-- The seven lifts as built-in exercises (id = slug); the exercise catalogue's sync fills
-- in the rest of each row later, and a row already there is kept as it is.
INSERT INTO "exercises" ("id", "slug", "name", "category", "primary_muscles", "secondary_muscles", "equipment", "measure") VALUES
	('bench-press', 'bench-press', 'Bench Press', 'strength', '{chest}', '{triceps,shoulders}', '{barbell,bench}', 'weight_reps'),
	('squat', 'squat', 'Squat', 'strength', '{quadriceps,glutes}', '{hamstrings,lower_back}', '{barbell,squat_rack}', 'weight_reps'),
	('deadlift', 'deadlift', 'Deadlift', 'strength', '{hamstrings,glutes,lower_back}', '{quadriceps,traps,forearms}', '{barbell}', 'weight_reps'),
	('overhead-press', 'overhead-press', 'Overhead Press', 'strength', '{shoulders}', '{triceps,upper_back}', '{barbell}', 'weight_reps'),
	('bent-over-row', 'bent-over-row', 'Bent-Over Row', 'strength', '{lats,upper_back}', '{biceps,lower_back}', '{barbell}', 'weight_reps'),
	('pull-up', 'pull-up', 'Pull-Up', 'strength', '{lats}', '{biceps,upper_back}', '{pull_up_bar}', 'weight_reps'),
	('dip', 'dip', 'Dip', 'strength', '{chest,triceps}', '{shoulders}', '{dip_bars}', 'weight_reps')
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
CREATE TEMPORARY TABLE "moved_lifts" AS
SELECT pe."id", pe."user_id", pe."recorded_on", pe."value", pe."sets", pe."reps", pe."notes", pe."created_at", pe."updated_at", l."exercise_id", l."title"
FROM "progress_entries" pe
JOIN (VALUES
	('bench_press', 'bench-press', 'Bench Press'),
	('squat', 'squat', 'Squat'),
	('deadlift', 'deadlift', 'Deadlift'),
	('overhead_press', 'overhead-press', 'Overhead Press'),
	('bent_row', 'bent-over-row', 'Bent Row'),
	('pull_ups', 'pull-up', 'Pull-ups'),
	('dips', 'dip', 'Dips')
) AS l("kind", "exercise_id", "title") ON l."kind" = pe."kind";
--> statement-breakpoint
INSERT INTO "workouts" ("id", "user_id", "program_day_id", "title", "performed_on", "started_at", "finished_at", "notes", "created_at", "updated_at")
SELECT "id", "user_id", NULL, "title", "recorded_on", "created_at", "created_at", '', "created_at", "updated_at" FROM "moved_lifts";
--> statement-breakpoint
INSERT INTO "workout_exercises" ("id", "workout_id", "block_id", "exercise_id", "position", "status", "notes", "created_at")
SELECT "id", "id", NULL, "exercise_id", 0, 'done', "notes", "created_at" FROM "moved_lifts";
--> statement-breakpoint
INSERT INTO "set_logs" ("id", "workout_exercise_id", "user_id", "exercise_id", "performed_on", "set_number", "weight_kg", "reps", "logged_at")
SELECT m."id" || '-' || n."set_number", m."id", m."user_id", m."exercise_id", m."recorded_on", n."set_number", m."value", m."reps", m."created_at"
FROM "moved_lifts" m
CROSS JOIN LATERAL generate_series(1, greatest(coalesce(m."sets", 1), 1)) AS n("set_number");
--> statement-breakpoint
DELETE FROM "progress_entries" WHERE "id" IN (SELECT "id" FROM "moved_lifts");
--> statement-breakpoint
DROP TABLE "moved_lifts";
