CREATE TABLE "class_bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"member_id" text NOT NULL,
	"status" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer_expires_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"marked_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"class_type_id" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"coach_id" text,
	"location" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_slots_weekday_check" CHECK ("class_slots"."weekday" between 0 and 6),
	CONSTRAINT "class_slots_start_check" CHECK ("class_slots"."start_minute" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "class_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"intensity" text NOT NULL,
	"capacity" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_types_capacity_check" CHECK ("class_types"."capacity" between 1 and 100),
	CONSTRAINT "class_types_duration_check" CHECK ("class_types"."duration_minutes" between 5 and 480)
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" text PRIMARY KEY NOT NULL,
	"slot_id" text,
	"class_type_id" text NOT NULL,
	"slot_date" date,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"coach_id" text,
	"location" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"changed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_capacity_check" CHECK ("classes"."capacity" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_marked_by_id_users_id_fk" FOREIGN KEY ("marked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_slots" ADD CONSTRAINT "class_slots_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_slots" ADD CONSTRAINT "class_slots_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_types" ADD CONSTRAINT "class_types_image_id_uploads_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_slot_id_class_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."class_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_bookings_live_idx" ON "class_bookings" USING btree ("class_id","member_id") WHERE "class_bookings"."status" not in ('cancelled', 'late_cancelled', 'offer_lapsed');--> statement-breakpoint
CREATE INDEX "class_bookings_queue_idx" ON "class_bookings" USING btree ("class_id","status","queued_at");--> statement-breakpoint
CREATE INDEX "class_bookings_member_idx" ON "class_bookings" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "class_bookings_offer_idx" ON "class_bookings" USING btree ("offer_expires_at") WHERE "class_bookings"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "class_slots_active_idx" ON "class_slots" USING btree ("weekday","start_minute") WHERE "class_slots"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "class_types_name_idx" ON "class_types" USING btree (lower("name")) WHERE "class_types"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "classes_slot_date_idx" ON "classes" USING btree ("slot_id","slot_date");--> statement-breakpoint
CREATE INDEX "classes_starts_idx" ON "classes" USING btree ("starts_at");--> statement-breakpoint
INSERT INTO "class_types" ("id", "name", "duration_minutes", "intensity", "capacity", "description", "position") VALUES
	('class-type-hiit', 'HIIT Training', 45, 'High', 8, 'Short, hard intervals with brief rests to build fitness and burn energy.', 0),
	('class-type-strength', 'Strength & Conditioning', 60, 'Medium-High', 6, 'Coached lifting with barbells, dumbbells and kettlebells, finished with conditioning work.', 1),
	('class-type-functional', 'Functional Fitness', 50, 'Medium', 10, 'Pushing, pulling, carrying and moving well: strength for everyday life.', 2),
	('class-type-core', 'Core & Flexibility', 45, 'Low-Medium', 12, 'A stronger core and better mobility, to move freely and recover between harder sessions.', 3);
--> statement-breakpoint
INSERT INTO "class_slots" ("id", "class_type_id", "weekday", "start_minute") VALUES
	('class-slot-mon-am', 'class-type-hiit', 1, 360),
	('class-slot-mon-pm', 'class-type-strength', 1, 1140),
	('class-slot-wed-am', 'class-type-functional', 3, 360),
	('class-slot-wed-pm', 'class-type-core', 3, 1140),
	('class-slot-fri-am', 'class-type-hiit', 5, 360),
	('class-slot-fri-pm', 'class-type-strength', 5, 1140),
	('class-slot-sat-am', 'class-type-functional', 6, 540);
