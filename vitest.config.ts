import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { testDatabaseOf, testFiles } from "./tests/setup/database.ts";

const include = ["app/**/*.test.ts", "tests/integration/**/*.test.ts"];

// The PostgreSQL pass (DATABASE_URL set) runs only the files whose outcome can depend on the
// database: files marked `@test-database none`, `any` or `pglite` ran on PGlite already (decision 0020).
const onPostgres = Boolean(process.env.DATABASE_URL);
const pgliteOnly = onPostgres ? [...testFiles("app"), ...testFiles("tests/integration")].filter((file) => testDatabaseOf(fs.readFileSync(file, "utf8")) !== "both") : [];

function isTypegenRace(thrown: object): boolean {
  const error = thrown as { code?: unknown; path?: unknown };
  return error.code === "ENOENT" && typeof error.path === "string" && error.path.includes(`${path.sep}.react-router${path.sep}types${path.sep}`);
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include,
    exclude: ["**/node_modules/**", ...pgliteOnly],
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    // Worker threads, not processes: each file still gets its own module graph and database,
    // but in one process, whose memory the next file reuses. On the CI machines a page of
    // fresh memory costs about 14 µs to fault in (docs/testing.md): the service tests of
    // programs and workouts took 45-47 s instead of 62-67 s back to back (decision 0050).
    pool: "threads",
    // One module graph and one database per worker for all its files (decision 0053): each
    // file still starts from the template's database, a DATA_DIR and configuration of its own
    // (tests/setup/per-file.ts), without paying for a new PGlite and a new import of the app.
    isolate: false,
    // Two files at a time on the 2-core CI machines: much of a file's time is spent waiting
    // for a child process, a server start or the database (PGlite pass 560 s → 470 s).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every Vite dev server (tests/support/in-process-app.ts) starts React Router's type
    // generation, which deletes and rewrites .react-router/types: two workers starting an app
    // at the same moment race on that folder (ENOENT on a file the other just removed). The
    // generated types serve only the typecheck, which runs `react-router typegen` itself.
    onUnhandledError: (error) => !isTypegenRace(error),
  },
});
