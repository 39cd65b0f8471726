import fs from "node:fs";
import path from "node:path";
import { pgliteDataDirTemplate } from "../setup/database";

/**
 * Gives a fresh DATA_DIR a copy of the suite's migrated PGlite database (made by Vitest's
 * global set-up, tests/setup/database.ts) instead of letting its first start run initdb,
 * every migration and the catalogue sync (seconds each time). A copy from an older
 * checkout is still right: the start runs the migrations it lacks. Nothing is copied on
 * PostgreSQL, into a DATA_DIR that has a database, or when there is no copy yet.
 */
export function seedDataDirFromTemplate(dataDir: string, env: Record<string, string | undefined> = process.env): void {
  const target = path.join(dataDir, "db");
  if (env.DATABASE_URL || fs.existsSync(target) || !fs.existsSync(path.join(pgliteDataDirTemplate, "db"))) return;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(path.join(pgliteDataDirTemplate, "db"), target, { recursive: true });
}
