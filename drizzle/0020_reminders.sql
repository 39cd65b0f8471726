CREATE TABLE "reminder_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"session_tomorrow" boolean DEFAULT true NOT NULL,
	"todays_workout" boolean DEFAULT false NOT NULL,
	"check_in_due" boolean DEFAULT true NOT NULL,
	"coach_reply" boolean DEFAULT true NOT NULL,
	"morning_hour" integer DEFAULT 7 NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_morning_hour" CHECK ("reminder_settings"."morning_hour" between 0 and 23),
	CONSTRAINT "reminder_settings_quiet_both" CHECK (("reminder_settings"."quiet_from" is null) = ("reminder_settings"."quiet_to" is null))
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_settings_workout_idx" ON "reminder_settings" USING btree ("user_id") WHERE "reminder_settings"."todays_workout";