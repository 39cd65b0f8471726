CREATE TABLE "contact_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"age" text NOT NULL,
	"gender" text NOT NULL,
	"fitness_level" text NOT NULL,
	"goals" text[] NOT NULL,
	"medical_conditions" text DEFAULT '' NOT NULL,
	"injuries" text DEFAULT '' NOT NULL,
	"preferred_training_time" text NOT NULL,
	"preferred_training_location" text NOT NULL,
	"experience" text NOT NULL,
	"expectations" text NOT NULL,
	"referral_source" text NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notified_at" timestamp with time zone,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"invited_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_invited_user_id_users_id_fk" FOREIGN KEY ("invited_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_created_idx" ON "contact_submissions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_submissions_status_created_idx" ON "contact_submissions" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_submissions_unnotified_idx" ON "contact_submissions" USING btree ("created_at") WHERE "contact_submissions"."notified_at" is null;