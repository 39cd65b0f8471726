/**
 * The command-line scripts as plain JavaScript in build/cli/ (decision 0056): each bundled
 * with esbuild, the project's own modules inside and the packages outside, so a command
 * starts at once where tsx first compiled every module of the app (about 5 s of CPU).
 * `npm run build` writes them all; scripts/run-cli.js writes one again when a source is
 * newer than it.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** Each command's source, by the name scripts/run-cli.js is given. */
export const CLI_SCRIPTS = {
  "user-create": "scripts/user-create.ts",
  "seed-demo": "scripts/seed-demo.ts",
  migrate: "scripts/migrate.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
  "db-move": "scripts/db-move.ts",
  "storage-move": "scripts/storage-move.ts",
};

/** What a command is built from: a change to any of these builds it again. */
export const CLI_SOURCES = ["app", "scripts", "drizzle", "package-lock.json", "tsconfig.json"];

export const cliOutput = (name) => path.resolve("build/cli", `${name}.js`);

/** Builds these commands (all by default). */
export function buildCli(names = Object.keys(CLI_SCRIPTS)) {
  return bundleScripts(Object.fromEntries(names.map((name) => [name, CLI_SCRIPTS[name]])), "build/cli");
}

/**
 * Bundles TypeScript scripts of the project into plain JavaScript files of `outdir`, one per
 * entry (its name: its source). Each file is written whole and then renamed, so two
 * processes building at once never run half a file. (The browser suite's seed scripts
 * are built the same way.)
 */
export async function bundleScripts(entryPoints, outdir) {
  const result = await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: "tsconfig.json",
    write: false,
    logLevel: "warning",
  });
  fs.mkdirSync(path.resolve(outdir), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildCli();
