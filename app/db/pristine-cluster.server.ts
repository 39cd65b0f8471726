import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { getLogger } from "~/lib/logger.server";

/**
 * A new embedded database starts as a copy of a pristine cluster (decision 0185): PGlite's
 * initdb takes 4.5-6 s on the CI machines, a copy of its result (39 MB, 971 files) 0.2-0.3 s. The
 * pristine cluster is made once per machine and PGlite version, by the first new DATA_DIR,
 * in node_modules/.cache/relentless (beside the package, where build tools keep theirs), and
 * closed cleanly before anything copies it. Where that folder cannot be written, PGlite
 * makes the cluster in place, as it always could.
 */
export async function seedNewDataDir(dir: string, options: PGliteOptions, pristine = pristineClusterPath(options)): Promise<void> {
  if (fs.existsSync(path.join(dir, "PG_VERSION"))) return;
  try {
    if (!fs.existsSync(path.join(pristine, "PG_VERSION"))) await makePristineCluster(pristine, options);
    fs.cpSync(pristine, dir, { recursive: true });
  } catch (error) {
    // The cache folder is read-only or full: initdb runs in `dir` when PGlite opens it.
    getLogger().warn({ err: error instanceof Error ? error.message : String(error) }, "no copy of a pristine database cluster: PGlite makes a new one in place");
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
  }
}

/** Made beside, then renamed into place: a process copying it never sees half a cluster, and two makers race harmlessly. */
async function makePristineCluster(pristine: string, options: PGliteOptions): Promise<void> {
  const making = `${pristine}.making-${process.pid}-${Date.now()}`;
  fs.mkdirSync(path.dirname(pristine), { recursive: true });
  try {
    const pglite = new PGlite(making, options);
    await pglite.waitReady;
    await pglite.close();
    fs.rmSync(path.join(making, "postmaster.pid"), { force: true });
    try {
      fs.renameSync(making, pristine);
    } catch (error) {
      // Another process put its own there first: that one is as good.
      if (!fs.existsSync(path.join(pristine, "PG_VERSION"))) throw error;
    }
  } finally {
    fs.rmSync(making, { recursive: true, force: true });
  }
}

/** One cluster per PGlite version and start parameters (initdb's output depends on nothing else). */
function pristineClusterPath(options: PGliteOptions): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("@electric-sql/pglite");
  const { version } = JSON.parse(fs.readFileSync(path.join(packageRoot(entry), "package.json"), "utf8")) as { version: string };
  const marker = `${path.sep}node_modules${path.sep}`;
  const nodeModules = entry.slice(0, entry.lastIndexOf(marker) + marker.length - path.sep.length);
  const params = createHash("sha256").update(JSON.stringify(options.startParams ?? [])).digest("hex").slice(0, 12);
  return path.join(nodeModules, ".cache", "relentless", `pglite-${version}-${params}`);
}

function packageRoot(entry: string): string {
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return dir;
}
