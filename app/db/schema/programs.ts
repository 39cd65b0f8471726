import { boolean, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { exercise } from "./exercises";

/** How a block's load is given: a weight (kg), % of the member's estimated one-rep max, RPE or RIR. */
export const loadKinds = ["none", "weight", "percent_1rm", "rpe", "rir"] as const;
export type LoadKind = (typeof loadKinds)[number];

/** Blocks of one day that share a group key are done together: a superset or a circuit. */
export const groupKinds = ["superset", "circuit"] as const;
export type GroupKind = (typeof groupKinds)[number];

/**
 * A training program: weeks → days → blocks. Three kinds share this table:
 * - a template (`isTemplate`, no member): what a coach starts programs from;
 * - a draft program of the coach (neither template nor member);
 * - a member's copy (`memberId` and `startDate` set): made when a program is assigned, and
 *   never rewritten by later edits of the template it came from (`sourceId`), except by the
 *   coach's explicit 'update from the template' for the weeks not yet trained.
 */
export const program = pgTable(
  "programs",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    isTemplate: boolean("is_template").notNull().default(false),
    memberId: text("member_id").references(() => user.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }),
    sourceId: text("source_id").references((): AnyPgColumn => program.id, { onDelete: "set null" }),
    createdById: text("created_by_id").references(() => user.id, { onDelete: "set null" }),
    /** A member's copy made by an 'Assign': with the member, unique, so a job run twice makes one copy. */
    assignmentId: text("assignment_id").references((): AnyPgColumn => programAssignment.id, { onDelete: "set null" }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("programs_member_idx").on(t.memberId, t.startDate.desc().nullsFirst()),
    index("programs_template_idx").on(t.isTemplate, t.updatedAt.desc().nullsFirst()),
    uniqueIndex("programs_assignment_member_idx").on(t.assignmentId, t.memberId),
  ],
);

/**
 * One 'Assign' of a program or template to members (decision 0051): the copies are made
 * in the background, a job per member, and the builder shows how many are made. The id is
 * the form's own token, so the same form posted twice (a double tap) is one assignment.
 */
export const programAssignment = pgTable(
  "program_assignments",
  {
    id: text("id").primaryKey(),
    sourceId: text("source_id")
      .notNull()
      .references((): AnyPgColumn => program.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    memberCount: integer("member_count").notNull(),
    createdById: text("created_by_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("program_assignments_source_idx").on(t.sourceId, t.createdAt.desc().nullsFirst())],
);

/** A week of a program, in order (position 0 is week 1). */
export const programWeek = pgTable(
  "program_weeks",
  {
    id: text("id").primaryKey(),
    programId: text("program_id")
      .notNull()
      .references(() => program.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /**
     * Kept by the database (migration 0028's triggers, decision 0155), never written here:
     * the week's days and those done (a finished workout of the member's). The staff's
     * 'Needs attention' reads the weeks before the current one from these.
     */
    dayCount: integer("day_count").notNull().default(0),
    daysDone: integer("days_done").notNull().default(0),
  },
  (t) => [index("program_weeks_program_idx").on(t.programId, t.position)],
);

/**
 * A training day of a week: `dayIndex` 0-6 counts from the week's first day (the member's
 * start date, then every seven days). A day of the week without a row is a rest day.
 */
export const programDay = pgTable(
  "program_days",
  {
    id: text("id").primaryKey(),
    programId: text("program_id")
      .notNull()
      .references(() => program.id, { onDelete: "cascade" }),
    weekId: text("week_id")
      .notNull()
      .references(() => programWeek.id, { onDelete: "cascade" }),
    dayIndex: integer("day_index").notNull(),
    title: text("title").notNull(),
    notes: text("notes").notNull().default(""),
    /** Kept by the database (migration 0028, decision 0155), never written here: the member of the program copy finished a workout of this day. */
    done: boolean("done").notNull().default(false),
  },
  (t) => [uniqueIndex("program_days_week_day_idx").on(t.weekId, t.dayIndex), index("program_days_program_idx").on(t.programId)],
);

/**
 * One exercise of a day with its prescription. Reps are a number or a range (min-max);
 * time and distance exercises target seconds or metres instead. Load by `loadKind`:
 * kilograms, % of 1RM, RPE or RIR in `loadValue`.
 */
export const programBlock = pgTable(
  "program_blocks",
  {
    id: text("id").primaryKey(),
    dayId: text("day_id")
      .notNull()
      .references(() => programDay.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    exerciseId: text("exercise_id")
      .notNull()
      .references(() => exercise.id, { onDelete: "restrict" }),
    groupKey: text("group_key"),
    groupKind: text("group_kind", { enum: groupKinds }),
    sets: integer("sets").notNull(),
    repsMin: integer("reps_min"),
    repsMax: integer("reps_max"),
    durationSeconds: integer("duration_seconds"),
    distanceMeters: doublePrecision("distance_meters"),
    loadKind: text("load_kind", { enum: loadKinds }).notNull().default("none"),
    loadValue: doublePrecision("load_value"),
    restSeconds: integer("rest_seconds"),
    tempo: text("tempo").notNull().default(""),
    notes: text("notes").notNull().default(""),
  },
  (t) => [index("program_blocks_day_idx").on(t.dayId, t.position), index("program_blocks_exercise_idx").on(t.exerciseId)],
);
