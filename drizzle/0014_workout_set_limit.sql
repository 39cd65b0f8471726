-- Sets logged before the limit (log-set took up to 60) stay as they were: the constraint holds every new or changed set.
ALTER TABLE "set_logs" ADD CONSTRAINT "set_logs_set_number_check" CHECK ("set_logs"."set_number" between 1 and 30) NOT VALID;--> statement-breakpoint
-- Set rows offered are no record: more than the limit come down to it (the screen still shows every logged set).
UPDATE "workout_exercises" SET "planned_sets" = least(greatest("planned_sets", 1), 30) WHERE "planned_sets" NOT BETWEEN 1 AND 30;--> statement-breakpoint
ALTER TABLE "workout_exercises" ADD CONSTRAINT "workout_exercises_planned_sets_check" CHECK ("workout_exercises"."planned_sets" between 1 and 30);
