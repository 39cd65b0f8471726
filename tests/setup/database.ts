/**
 * Test databases: one fresh database per test file, cloned from a migrated
 * template. PGlite by default; PostgreSQL when DATABASE_URL is set (CI runs both).
 */
import fs from "node:fs";
import path from "node:path";

export const TEMPLATE_DB = "relentless_test_template";
export const pgliteTemplatePath = path.resolve(".tmp/pglite-template.tar");
/**
 * The same migrated database as a DATA_DIR's `db` folder: an app booted on a fresh
 * DATA_DIR (tests/support/in-process-app.ts) starts from a copy of it instead of running
 * initdb, every migration and the catalogue sync again (about 5 of its 9 seconds).
 */
export const pgliteDataDirTemplate = path.resolve(".tmp/pglite-data-template");

/** The same server as DATABASE_URL, another database on it. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * What a test file says of its database in a `@test-database <kind>` comment:
 * - "none": it opens none (pure tests);
 * - "any": it needs one, but what it checks does not depend on which (the HTTP surface);
 * - "pglite": what it checks is PGlite's own (one connection, in this process);
 * - "both" (no comment): it runs on PGlite and again on PostgreSQL.
 * The PostgreSQL pass runs only the "both" files (vitest.config.ts).
 */
export function testDatabaseOf(source: string): "none" | "any" | "pglite" | "both" {
  const kind = /@test-database (none|any|pglite)\b/.exec(source)?.[1];
  return kind === "none" || kind === "any" || kind === "pglite" ? kind : "both";
}

/** Every `*.test.ts` file under `dir`, at any depth. */
export function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith(".test.ts") ? [file] : [];
  });
}
