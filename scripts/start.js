/**
 * `npm start`: builds the production site (`npm run build`) when no build exists or a
 * source is newer than it, then runs the build (scripts/serve-build.js): plain JavaScript,
 * so no TypeScript loader starts and nothing the build already did is done again
 * (migrations run at start-up).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const entry = path.resolve("build/server/index.js");
const sources = ["app", "server", "public", "scripts/images.ts", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

/** The newest modification time in a file or folder (a few milliseconds for this tree). */
function newestMtime(source) {
  if (!fs.existsSync(source)) return 0;
  const stat = fs.statSync(source);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(source).reduce((max, name) => Math.max(max, newestMtime(path.join(source, name))), stat.mtimeMs);
}

// The server entry is the last file a build writes.
const builtAt = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
if (sources.some((source) => newestMtime(source) > builtAt)) {
  console.log("Building the production site…");
  const npm = process.env.npm_execpath;
  if (npm) execFileSync(process.execPath, [npm, "run", "build"], { stdio: "inherit" });
  else execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

await import("./serve-build.js");
