import { sql } from "drizzle-orm";
import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";

/** Fixed-window request counters for our own limits (intake form …), shared by every server process. */
export const requestLimit = pgTable("request_limits", {
  key: text("key").primaryKey(),
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  count: integer("count").notNull(),
});

/**
 * Sign-in throttling (app/auth/sign-in-throttle.server.ts): one row per account
 * ("account:<e-mail>") and per client address ("address:<ip or IPv6 /64>").
 */
export const signInThrottle = pgTable("sign_in_throttle", {
  key: text("key").primaryKey(),
  /** Failed attempts in the current window (an account's attempt counts from its start until it succeeds). */
  failures: integer("failures").notNull(),
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  /** Epoch ms; the last pause's end stays as history (0: never paused). */
  pausedUntil: bigint("paused_until", { mode: "number" }).notNull().default(0),
  /** Pauses in a row, for the growing pause length. */
  strikes: integer("strikes").notNull().default(0),
  /** An address's failed accounts in the current window. */
  accounts: text("accounts").array().notNull().default(sql`'{}'::text[]`),
});
