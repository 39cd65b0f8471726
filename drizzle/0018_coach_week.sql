CREATE TABLE "attention_dismissals" (
	"member_id" text NOT NULL,
	"reason" text NOT NULL,
	"occurrence" text NOT NULL,
	"until" timestamp with time zone,
	"by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attention_dismissals_member_id_reason_occurrence_pk" PRIMARY KEY("member_id","reason","occurrence")
);
--> statement-breakpoint
CREATE TABLE "last_sign_ins" (
	"user_id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"week_of" date NOT NULL,
	"weight_entry_id" text,
	"sleep" integer NOT NULL,
	"energy" integer NOT NULL,
	"stress" integer NOT NULL,
	"hunger" integer NOT NULL,
	"nutrition_adherence" integer NOT NULL,
	"wins" text DEFAULT '' NOT NULL,
	"struggles" text DEFAULT '' NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"planned_workouts" integer DEFAULT 0 NOT NULL,
	"logged_workouts" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" text,
	CONSTRAINT "check_ins_scales" CHECK ("check_ins"."sleep" between 1 and 5 and "check_ins"."energy" between 1 and 5 and "check_ins"."stress" between 1 and 5 and "check_ins"."hunger" between 1 and 5),
	CONSTRAINT "check_ins_nutrition" CHECK ("check_ins"."nutrition_adherence" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"member_id" text PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"awaiting_team" boolean DEFAULT false NOT NULL,
	"awaiting_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversation_reads" (
	"member_id" text NOT NULL,
	"reader_id" text NOT NULL,
	"read_seq" integer DEFAULT 0 NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "conversation_reads_member_id_reader_id_pk" PRIMARY KEY("member_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"seq" integer NOT NULL,
	"author_id" text,
	"from_member" boolean NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "progress_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"taken_on" date NOT NULL,
	"pose" text NOT NULL,
	"check_in_id" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "check_in_day" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "goal_weight_kg" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "message_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "attention_dismissals" ADD CONSTRAINT "attention_dismissals_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attention_dismissals" ADD CONSTRAINT "attention_dismissals_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_sign_ins" ADD CONSTRAINT "last_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_weight_entry_id_progress_entries_id_fk" FOREIGN KEY ("weight_entry_id") REFERENCES "public"."progress_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_member_id_conversations_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."conversations"("member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_member_id_conversations_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."conversations"("member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_photos" ADD CONSTRAINT "progress_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_photos" ADD CONSTRAINT "progress_photos_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attention_dismissals_member_idx" ON "attention_dismissals" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_user_week_idx" ON "check_ins" USING btree ("user_id","week_of" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "check_ins_waiting_idx" ON "check_ins" USING btree ("submitted_at") WHERE "check_ins"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "conversations_awaiting_idx" ON "conversations" USING btree ("awaiting_since") WHERE "conversations"."awaiting_team";--> statement-breakpoint
CREATE INDEX "conversations_recent_idx" ON "conversations" USING btree ("last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_reads_reader_idx" ON "conversation_reads" USING btree ("reader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_seq_idx" ON "messages" USING btree ("member_id","seq");--> statement-breakpoint
CREATE INDEX "progress_photos_user_date_idx" ON "progress_photos" USING btree ("user_id","taken_on" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "progress_photos_check_in_idx" ON "progress_photos" USING btree ("check_in_id");--> statement-breakpoint
CREATE INDEX "training_sessions_cancelled_idx" ON "training_sessions" USING btree ("cancelled_at") WHERE "training_sessions"."status" = 'cancelled';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_check_in_day" CHECK ("profiles"."check_in_day" between 0 and 6);--> statement-breakpoint
-- Members signed in before last_sign_ins existed: their newest session says when.
INSERT INTO "last_sign_ins" ("user_id", "at") SELECT "user_id", max("created_at") FROM "sessions" GROUP BY "user_id";
