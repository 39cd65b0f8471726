/**
 * Test databases: one fresh database per test file, cloned from a migrated
 * template. PGlite by default; PostgreSQL when DATABASE_URL is set (CI runs both).
 */
import path from "node:path";

export const TEMPLATE_DB = "relentless_test_template";
export const pgliteTemplatePath = path.resolve(".tmp/pglite-template.tar");

/** The same server as DATABASE_URL, another database on it. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
