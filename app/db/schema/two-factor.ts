import { bigint, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A user's authenticator (TOTP) secret, encrypted at rest (AES-256-GCM, key derived from
 * AUTH_SECRET). `enabledAt` is null while enrolment waits for its first code.
 * `lastTimeStep` is the time step of the last accepted code: a code is never accepted twice.
 */
export const twoFactor = pgTable("two_factor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastTimeStep: bigint("last_time_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One-time backup codes, stored as SHA-256 hashes; a used code's row is deleted. */
export const twoFactorBackupCode = pgTable(
  "two_factor_backup_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A sign-in waiting for its second factor: the password was right, no session exists yet.
 * The browser holds the token in a cookie; only its SHA-256 hash is stored.
 */
export const twoFactorChallenge = pgTable(
  "two_factor_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("two_factor_challenges_user_id_idx").on(t.userId)],
);
