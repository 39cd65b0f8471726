/**
 * `npm start`: builds the production site (`npm run build`) when no build exists or a
 * source is newer than it, then runs the build (scripts/serve-build.js): plain JavaScript,
 * so no TypeScript loader starts and nothing the build already did is done again
 * (migrations run at start-up).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { isStale } from "./build-freshness.js";

const entry = path.resolve("build/server/index.js");
const sources = ["app", "server", "public", "scripts/images.ts", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

// The server entry is the last file the site's build writes.
if (isStale(entry, sources)) {
  console.log("Building the production site…");
  const npm = process.env.npm_execpath;
  if (npm) execFileSync(process.execPath, [npm, "run", "build"], { stdio: "inherit" });
  else execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

await import("./serve-build.js");
