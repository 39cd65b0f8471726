CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"stale_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" text,
	"key" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "contact_submissions_unnotified_idx";--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_idx" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."finished_at" is not null;--> statement-breakpoint
-- The coach's e-mails still to retry become jobs (their attempts carried over) before the column that counted them goes.
INSERT INTO "jobs" ("id", "kind", "payload", "run_at", "attempts")
SELECT gen_random_uuid()::text, 'contacts.notify-coach', jsonb_build_object('submissionId', "id"), now(), "notify_attempts"
FROM "contact_submissions" WHERE "notified_at" IS NULL AND "notify_attempts" < 5;--> statement-breakpoint
ALTER TABLE "contact_submissions" DROP COLUMN "notify_attempts";