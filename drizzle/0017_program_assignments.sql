CREATE TABLE "program_assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"start_date" date NOT NULL,
	"member_count" integer NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "assignment_id" text;--> statement-breakpoint
ALTER TABLE "program_assignments" ADD CONSTRAINT "program_assignments_source_id_programs_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_assignments" ADD CONSTRAINT "program_assignments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_assignments_source_idx" ON "program_assignments" USING btree ("source_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_assignment_id_program_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."program_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programs_assignment_member_idx" ON "programs" USING btree ("assignment_id","member_id");