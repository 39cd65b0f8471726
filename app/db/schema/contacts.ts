import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** One application from the intake form: every answer plus its inbox status. */
export const contactSubmission = pgTable(
  "contact_submissions",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    age: text("age").notNull(),
    gender: text("gender").notNull(),
    fitnessLevel: text("fitness_level").notNull(),
    goals: text("goals").array().notNull(),
    medicalConditions: text("medical_conditions").notNull().default(""),
    injuries: text("injuries").notNull().default(""),
    preferredTrainingTime: text("preferred_training_time").notNull(),
    preferredTrainingLocation: text("preferred_training_location").notNull(),
    experience: text("experience").notNull(),
    expectations: text("expectations").notNull(),
    referralSource: text("referral_source").notNull(),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["new", "read", "responded"] }).notNull().default("new"),
    /** When the coach's e-mail about it went out (its job: contacts.notify-coach). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    invitedUserId: text("invited_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_submissions_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("contact_submissions_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);
