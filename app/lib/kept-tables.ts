/**
 * The tables whose rows a server process keeps reads of (decision 0145): their triggers
 * (migration 0027) announce every committed change.
 */
export const KEPT_TABLES = ["users", "sessions", "profiles", "site_settings", "messages", "conversation_reads"] as const;

const WRITES_KEPT_ROWS = new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+"?(?:${KEPT_TABLES.join("|")})"?[\\s(]`, "i");

/** Whether a statement's text writes one of those tables (a delete of a user cascades to the rest). */
export function writesKeptRows(statement: string): boolean {
  return WRITES_KEPT_ROWS.test(statement);
}
