ALTER TABLE "workout_exercises" ADD COLUMN "planned_sets" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Exercises logged before this column (the progress form's lifts) planned as many sets as they hold.
UPDATE "workout_exercises" SET "planned_sets" = counted.sets FROM (SELECT "workout_exercise_id", count(*)::integer AS sets FROM "set_logs" GROUP BY "workout_exercise_id") AS counted WHERE counted."workout_exercise_id" = "workout_exercises"."id";
